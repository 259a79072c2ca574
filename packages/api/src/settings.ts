import { type DbOrTx, findOrganizationSettings } from "@fizio/db";
import type { ApiServices } from "./context";

/**
 * An organisation's settings as every consumer reads them; one that never saved any has the defaults, with the
 * server's CLINIC_TIME_ZONE as its time zone when set.
 */
export function settingsOf(
  services: Pick<ApiServices, "db" | "config">,
  organizationId: string,
  db: DbOrTx = services.db,
) {
  const timeZone = services.config.clinicTimeZone;
  return findOrganizationSettings(db, organizationId, timeZone ? { timeZone } : {});
}
