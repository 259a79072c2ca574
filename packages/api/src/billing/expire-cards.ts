import { markExpiredCards } from "@fizio/db";
import type { ApiServices } from "../context";
import { DEFAULT_CLINIC_TIME_ZONE } from "./clinic";

/**
 * A card is good through the last day of its expiry month on its organisation's calendar; from the next month there
 * it is flagged expired. An organisation without settings keeps the server's zone (CLINIC_TIME_ZONE), as settingsOf.
 */
export async function expirePaymentCards(
  services: Pick<ApiServices, "db" | "config" | "log">,
  now = new Date(),
) {
  const count = await markExpiredCards(
    services.db,
    now,
    services.config.clinicTimeZone ?? DEFAULT_CLINIC_TIME_ZONE,
  );
  if (count > 0) services.log.info({ count }, "payment cards flagged expired");
  return count;
}
