import type { DbOrTx } from "@fizio/db";
import { DEFAULT_CLINIC_TIME_ZONE, todayIn } from "@fizio/domain";
import type { ApiServices } from "../context";
import { settingsOf } from "../settings";

export { DEFAULT_CLINIC_TIME_ZONE };

type Services = Pick<ApiServices, "db" | "config">;

/** The organisation's calendar (its time zone setting): the day of a service, of a fee adjustment, of RTM data. */
export async function clinicZone(services: Services, organizationId: string, db: DbOrTx = services.db) {
  return (await settingsOf(services, organizationId, db)).timeZone;
}

/** Today on the organisation's calendar: fee adjustments start, run and end by it. */
export async function clinicToday(services: Services, organizationId: string, now = new Date()) {
  return todayIn(await clinicZone(services, organizationId), now);
}
