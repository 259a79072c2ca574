import {
  type DbOrTx,
  type EventWithProviders,
  ensureProviderCalendar,
  findUserById,
  getNotificationPreferences,
  type UserRow,
} from "@fizio/db";
import { channelsFor, type NotificationKind } from "@fizio/domain";
import { type EventEmailKind, formatAppointmentTime, type Locale, renderEventEmail } from "@fizio/i18n";
import type { ApiServices } from "../context";
import { localeOf } from "../notifications/notify";
import { settingsOf } from "../settings";
import { icsAttachment } from "./ics";

type Services = Pick<ApiServices, "db" | "mailer" | "texter" | "config" | "queue">;

const NOTIFICATION_KIND_OF = {
  booked: "appointmentBooked",
  changed: "appointmentChanged",
  cancelled: "appointmentCancelled",
  reminder: "appointmentReminder",
} as const satisfies Partial<Record<EventEmailKind, NotificationKind>>;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** What an event is called in an email: its service, its title, or a plain "Appointment". */
function describe(event: EventWithProviders, locale: Locale): string {
  if (event.serviceName) return event.serviceName;
  if (event.title) return event.title;
  return locale === "es" ? "Cita" : "Appointment";
}

export const reminderJobKey = (eventId: string) => `send_event_reminder:${eventId}`;

/**
 * Emails every party of an event about a booking, change, cancellation or reminder, each with an .ics:
 * the visitor who booked it (always: they have no account to set preferences), the patient and the
 * providers as their notification preferences allow. Users see times in the provider's calendar zone.
 */
export async function notifyEvent(
  services: Services,
  kind: keyof typeof NOTIFICATION_KIND_OF,
  event: EventWithProviders,
  options: { tx?: DbOrTx; cancelToken?: string } = {},
): Promise<void> {
  const db = options.tx ?? services.db;
  const notificationKind = NOTIFICATION_KIND_OF[kind];
  const providers = (await Promise.all(event.providerIds.map((id) => findUserById(db, id)))).filter(
    (u): u is UserRow => !!u,
  );
  const lead = providers[0];
  if (!lead) return;
  const zone = (await ensureProviderCalendar(db, lead)).timeZone;
  const patient = event.patientId ? await findUserById(db, event.patientId) : undefined;
  const ics = (locale: Locale) =>
    icsAttachment({
      id: event.id,
      startOn: event.startOn,
      endOn: event.endOn,
      summary: describe(event, locale),
      description: event.notes ?? "",
      organizer: { name: fullName(lead), email: lead.email },
      sequence: Math.floor(event.updatedAt.getTime() / 1000),
      cancelled: kind === "cancelled",
    });
  const send = async (
    to: string,
    name: string,
    locale: Locale,
    timeZone: string,
    others: string,
    action?: { kind: "cancel" | "open"; url: string },
  ) => {
    const content = renderEventEmail(kind, locale, {
      name,
      what: describe(event, locale),
      when: formatAppointmentTime(event.startOn, locale, timeZone),
      with: others,
      action,
    });
    await services.mailer.send({ to, ...content, attachments: [ics(locale)] }, options.tx);
  };
  const channels = async (user: UserRow) =>
    channelsFor(notificationKind, await getNotificationPreferences(db, user.id), user.phone);

  if (event.externalEmail) {
    const locale = localeOf(event.externalLanguage);
    const cancelUrl = options.cancelToken
      ? `${services.config.appUrl}/external-calendar/cancellation/${event.id}?token=${encodeURIComponent(options.cancelToken)}`
      : undefined;
    await send(
      event.externalEmail,
      event.externalName ?? "",
      locale,
      event.externalTimeZone ?? zone,
      providers.map(fullName).join(", "),
      cancelUrl && kind !== "cancelled" ? { kind: "cancel", url: cancelUrl } : undefined,
    );
  }
  const calendarUrl = `${services.config.appUrl}/calendar/list`;
  for (const user of [...(patient ? [patient] : []), ...providers]) {
    const wants = await channels(user);
    if (wants.text) {
      // A text carries the subject line and the time: enough to act on, nothing clinical.
      const locale = localeOf(user.preferredLanguage);
      const when = formatAppointmentTime(event.startOn, locale, zone);
      const { subject } = renderEventEmail(kind, locale, {
        name: user.firstName,
        what: describe(event, locale),
        when,
        with: "",
      });
      await services.texter.send(
        { to: `${user.dialCode}${user.phone}`, text: `${subject}: ${when}` },
        options.tx,
      );
    }
    if (!wants.email) continue;
    const others = [...providers, ...(patient ? [patient] : [])]
      .filter((u) => u.id !== user.id)
      .map(fullName)
      .concat(event.externalName ? [event.externalName] : [])
      .join(", ");
    await send(user.email, user.firstName, localeOf(user.preferredLanguage), zone, others, {
      kind: "open",
      url: calendarUrl,
    });
  }
}

/**
 * Queues the reminder for the event's start less the organisation's reminder lead (replacing any earlier one),
 * or drops it if it is too late.
 */
export async function scheduleReminder(
  services: Services,
  tx: DbOrTx,
  event: Pick<EventWithProviders, "id" | "organizationId" | "startOn" | "status">,
  now = new Date(),
) {
  const { reminderLeadMinutes } = await settingsOf(services, event.organizationId, tx);
  const runAt = new Date(event.startOn.getTime() - reminderLeadMinutes * 60_000);
  if (event.status !== "SCHEDULED" || runAt <= now) {
    await services.queue.remove(tx, reminderJobKey(event.id));
    return;
  }
  await services.queue.add(
    tx,
    "send_event_reminder",
    { eventId: event.id, startOn: event.startOn.toISOString() },
    { runAt },
  );
}

export function cancelReminder(services: Services, tx: DbOrTx, eventId: string) {
  return services.queue.remove(tx, reminderJobKey(eventId));
}

/**
 * Invites a guest (a caregiver, an interpreter) to a video visit by email: the participants' link, the time in
 * the provider's calendar zone and the .ics. The guest joins without an account, under the name they enter.
 */
export async function emailVisitInvitation(
  services: Services,
  event: EventWithProviders,
  guest: { email: string; name: string; locale: Locale },
  url: string,
  tx?: DbOrTx,
): Promise<void> {
  const db = tx ?? services.db;
  const lead = await findUserById(db, event.providerIds[0] ?? "");
  if (!lead) return;
  const zone = (await ensureProviderCalendar(db, lead)).timeZone;
  const what = describe(event, guest.locale);
  const content = renderEventEmail("visitInvitation", guest.locale, {
    name: guest.name,
    what,
    when: formatAppointmentTime(event.startOn, guest.locale, zone),
    with: fullName(lead),
    action: { kind: "join", url },
  });
  const attachment = icsAttachment({
    id: event.id,
    startOn: event.startOn,
    endOn: event.endOn,
    summary: what,
    description: url,
    organizer: { name: fullName(lead), email: lead.email },
    sequence: Math.floor(event.updatedAt.getTime() / 1000),
    cancelled: false,
  });
  await services.mailer.send({ to: guest.email, ...content, attachments: [attachment] }, tx);
}
