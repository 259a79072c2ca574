import { type DbOrTx, findOrganizationSettings } from "@fizio/db";
import { DEFAULT_ORGANIZATION_SETTINGS } from "@fizio/domain";
import type { ApiConfig, ApiServices } from "./context";

/** The time zone of an organisation that never saved its settings: the server's CLINIC_TIME_ZONE when set. */
export const unsavedTimeZone = (config: Pick<ApiConfig, "clinicTimeZone">) =>
  config.clinicTimeZone || DEFAULT_ORGANIZATION_SETTINGS.timeZone;

/** An organisation's settings as every consumer reads them; one that never saved any has the defaults. */
export function settingsOf(
  services: Pick<ApiServices, "db" | "config">,
  organizationId: string,
  db: DbOrTx = services.db,
) {
  return findOrganizationSettings(db, organizationId, { timeZone: unsavedTimeZone(services.config) });
}
