import { markExpiredCards } from "@fizio/db";
import type { ApiServices } from "../context";
import { serverToday } from "./clinic";

/** A card is good through the last day of its expiry month; from the next month it is flagged expired. */
export async function expirePaymentCards(
  services: Pick<ApiServices, "db" | "config" | "log">,
  now = new Date(),
) {
  const [year, month] = serverToday(services.config, now).split("-").map(Number) as [number, number];
  const count = await markExpiredCards(services.db, year, month);
  if (count > 0) services.log.info({ count }, "payment cards flagged expired");
  return count;
}
