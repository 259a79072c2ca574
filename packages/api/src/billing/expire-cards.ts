import { markExpiredCards } from "@fizio/db";
import type { ApiServices } from "../context";
import { unsavedTimeZone } from "../settings";

/**
 * A card is good through the last day of its expiry month on its organisation's calendar; from the next month there
 * it is flagged expired.
 */
export async function expirePaymentCards(
  services: Pick<ApiServices, "db" | "config" | "log">,
  now = new Date(),
) {
  const count = await markExpiredCards(services.db, now, unsavedTimeZone(services.config));
  if (count > 0) services.log.info({ count }, "payment cards flagged expired");
  return count;
}
