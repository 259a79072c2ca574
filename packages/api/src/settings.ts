import { type DbOrTx, findOrganizationById, findOrganizationSettings } from "@fizio/db";
import { clinicContactLines, clinicContactOf, DEFAULT_ORGANIZATION_SETTINGS } from "@fizio/domain";
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

/** The clinic's contact details as its emails, documents, invoices and booking page show them. */
export async function clinicContact(
  services: Pick<ApiServices, "db" | "config">,
  organizationId: string,
  db: DbOrTx = services.db,
) {
  const [settings, organization] = await Promise.all([
    settingsOf(services, organizationId, db),
    findOrganizationById(db, organizationId),
  ]);
  return clinicContactOf(settings, organization?.name ?? "");
}

/** The footer lines of what the clinic sends. */
export async function clinicFooterLines(
  services: Pick<ApiServices, "db" | "config">,
  organizationId: string,
  db: DbOrTx = services.db,
) {
  return clinicContactLines(await clinicContact(services, organizationId, db));
}
