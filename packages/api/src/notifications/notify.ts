import { type DbOrTx, findPersonIn, getNotificationPreferences, type UserRow } from "@fizio/db";
import { channelsFor, type NotificationKind } from "@fizio/domain";
import { type Locale, type NotificationEmailKind, renderNotification, withClinicFooter } from "@fizio/i18n";
import type { ApiServices } from "../context";
import { clinicFooterLines } from "../settings";

type Services = Pick<ApiServices, "db" | "mailer" | "texter" | "config">;

export const localeOf = (language: string | null | undefined): Locale =>
  language === "SPANISH" ? "es" : "en";

/**
 * One notification to one person, on the channels their preferences choose. Call it inside the transaction of
 * the change it announces: the outbox rows (and their delivery jobs) commit or roll back with it.
 */
export async function notify(
  services: Services,
  tx: DbOrTx,
  recipient: UserRow,
  kind: NotificationKind & NotificationEmailKind,
  data: { about: string; path: string },
): Promise<void> {
  if (recipient.deletedAt || recipient.disabled) return;
  const channels = channelsFor(kind, await getNotificationPreferences(tx, recipient.id), recipient.phone);
  if (!channels.email && !channels.text) return;
  const content = renderNotification(kind, localeOf(recipient.preferredLanguage), {
    name: recipient.firstName,
    about: data.about,
    url: `${services.config.appUrl}${data.path}`,
  });
  if (channels.email) {
    const signed = withClinicFooter(content, await clinicFooterLines(services, recipient.organizationId, tx));
    await services.mailer.send(
      { to: recipient.email, subject: signed.subject, text: signed.text, html: signed.html },
      tx,
    );
  }
  if (channels.text)
    await services.texter.send({ to: `${recipient.dialCode}${recipient.phone}`, text: content.sms }, tx);
}

/**
 * notify() for the patient of a record (a plan, a recording), read inside the same transaction and only within the
 * record's organisation: a record naming anyone else notifies no one.
 */
export async function notifyPatientOf(
  services: Services,
  tx: DbOrTx,
  record: { patientId: string; organizationId: string },
  kind: NotificationKind & NotificationEmailKind,
  data: { about: string; path: string },
): Promise<void> {
  const patient = await findPersonIn(tx, record.organizationId, record.patientId);
  if (patient) await notify(services, tx, patient, kind, data);
}
