import {
  type DbOrTx,
  type EventWithProviders,
  ensureProviderCalendar,
  ensureVideoRoom,
  findOrganizationById,
  findPeopleIn,
  findPersonIn,
  getNotificationPreferences,
  type UserRow,
} from "@fizio/db";
import { channelsFor, formatPhone, type NotificationKind, providerTitle } from "@fizio/domain";
import {
  appointmentWith,
  type EventEmailData,
  type EventEmailKind,
  type EventPlace,
  formatAppointmentTime,
  type Locale,
  renderEventEmail,
  withClinicFooter,
} from "@fizio/i18n";
import type { ApiServices } from "../context";
import { localeOf } from "../notifications/notify";
import { clinicFooterLines, settingsOf } from "../settings";
import { type CalendarParty, icsAttachment } from "./ics";

type Services = Pick<ApiServices, "db" | "mailer" | "texter" | "config" | "queue">;

const NOTIFICATION_KIND_OF = {
  booked: "appointmentBooked",
  changed: "appointmentChanged",
  cancelled: "appointmentCancelled",
  reminder: "appointmentReminder",
} as const satisfies Partial<Record<EventEmailKind, NotificationKind>>;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
const partyOf = (u: UserRow): CalendarParty => ({ name: fullName(u), email: u.email });

/** What an event is called in an email: its service, its title, or a plain "Appointment". */
function describe(event: EventWithProviders, locale: Locale): string {
  if (event.serviceName) return event.serviceName;
  if (event.title) return event.title;
  return locale === "es" ? "Cita" : "Appointment";
}

export const reminderJobKey = (eventId: string) => `send_event_reminder:${eventId}`;

/** One copy of an event's email: its reader, what it calls the event, and whom its .ics names. */
interface Copy {
  to: string;
  locale: Locale;
  data: EventEmailData;
  summary: string;
  attendees: [CalendarParty, ...CalendarParty[]];
  /** The staff's notes go to the organisation's own people only. */
  notes: string | null;
}

/**
 * Emails every party of an event about a booking, change, cancellation or reminder, each with an .ics:
 * the visitor who booked it (always: they have no account to set preferences), the patient and the
 * providers as their notification preferences allow. Users see times in the provider's calendar zone.
 * Each copy says where the visit is (the place, or the reader's own video link); the visitor's names the
 * provider and the clinic, and the providers' carry the visitor's contact.
 */
export async function notifyEvent(
  services: Services,
  kind: keyof typeof NOTIFICATION_KIND_OF,
  event: EventWithProviders,
  options: { tx?: DbOrTx; cancelToken?: string } = {},
): Promise<void> {
  const db = options.tx ?? services.db;
  const notificationKind = NOTIFICATION_KIND_OF[kind];
  // The event's people as its organisation knows them: an id from elsewhere is neither named nor emailed.
  const people = await findPeopleIn(db, event.organizationId, [
    ...event.providerIds,
    ...(event.patientId ? [event.patientId] : []),
  ]);
  const providers = event.providerIds.flatMap((id) => people.filter((p) => p.id === id));
  const lead = providers[0];
  if (!lead) return;
  const zone = (await ensureProviderCalendar(db, lead)).timeZone;
  const patient = people.find((p) => p.id === event.patientId);
  const clinic = (await findOrganizationById(db, event.organizationId))?.name ?? "";
  const footer = await clinicFooterLines(services, event.organizationId, db);
  const appUrl = services.config.appUrl;
  // A cancelled visit has no link to give (and a deleted event no room to make).
  const room = event.video && kind !== "cancelled" ? await ensureVideoRoom(db, event.id) : undefined;
  const place = [lead.location, clinic].filter(Boolean).join(" · ");
  /** A video visit's link is the reader's own; any other visit with a patient or a visitor is at the lead's place. */
  const whereFor = (link: "provider" | "participant"): EventPlace | undefined => {
    if (room)
      return {
        url:
          link === "provider"
            ? `${appUrl}/invitations/provider/${room.providerInvitationId}`
            : `${appUrl}/invitations/${room.participantInvitationId}`,
      };
    if (event.video || event.eventType === "NON_SERVICE" || !place) return undefined;
    return { place };
  };
  const visitor: CalendarParty | undefined = event.externalEmail
    ? { name: event.externalName ?? "", email: event.externalEmail }
    : undefined;
  const everyone: [CalendarParty, ...CalendarParty[]] = [
    partyOf(lead),
    ...[...providers.slice(1), ...(patient ? [patient] : [])].map(partyOf),
    ...(visitor ? [visitor] : []),
  ];

  const send = async (copy: Copy) => {
    const { details, ...rendered } = renderEventEmail(kind, copy.locale, copy.data);
    const content = withClinicFooter(rendered, footer);
    const ics = icsAttachment({
      id: event.id,
      startOn: event.startOn,
      endOn: event.endOn,
      summary: copy.summary,
      description: [details, copy.notes].filter(Boolean).join("\n\n"),
      location: copy.data.where ?? null,
      organizer: partyOf(lead),
      attendees: copy.attendees,
      sequence: event.sequence,
      cancelled: kind === "cancelled",
    });
    await services.mailer.send({ to: copy.to, ...content, attachments: [ics] }, options.tx);
  };
  const channels = async (user: UserRow) =>
    channelsFor(notificationKind, await getNotificationPreferences(db, user.id), user.phone);

  if (visitor) {
    const locale = localeOf(event.externalLanguage);
    const timeZone = event.externalTimeZone ?? zone;
    const cancelUrl = options.cancelToken
      ? `${appUrl}/external-calendar/cancellation/${event.id}?token=${encodeURIComponent(options.cancelToken)}`
      : undefined;
    // Whom and where the visitor booked: their own name is no title for their calendar.
    const what = [providerTitle(lead), clinic].filter(Boolean).join(" · ");
    await send({
      to: visitor.email,
      locale,
      data: {
        name: visitor.name,
        what,
        when: formatAppointmentTime(event.startOn, locale, timeZone),
        with: providers.map(fullName).join(", "),
        where: whereFor("participant"),
        action: cancelUrl && kind !== "cancelled" ? { kind: "cancel", url: cancelUrl } : undefined,
      },
      summary: appointmentWith(locale, what),
      // Outside the organisation: their copy names nobody's address but theirs and the organizer's.
      attendees: [visitor],
      notes: null,
    });
  }
  const calendarUrl = `${appUrl}/calendar/list`;
  for (const user of [...(patient ? [patient] : []), ...providers]) {
    const locale = localeOf(user.preferredLanguage);
    const wants = await channels(user);
    if (wants.text) {
      // A text carries the subject line and the time: enough to act on, nothing clinical.
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
    const isProvider = user.id !== patient?.id;
    const others = [...providers, ...(patient ? [patient] : [])]
      .filter((u) => u.id !== user.id)
      .map(fullName)
      .concat(event.externalName ? [event.externalName] : [])
      .join(", ");
    const what = describe(event, locale);
    await send({
      to: user.email,
      locale,
      data: {
        name: user.firstName,
        what,
        when: formatAppointmentTime(event.startOn, locale, zone),
        with: others,
        where: whereFor(isProvider ? "provider" : "participant"),
        contact:
          isProvider && visitor
            ? { ...visitor, phone: event.externalPhone ? phoneOf(event.externalPhone) : undefined }
            : undefined,
        action: { kind: "open", url: calendarUrl },
      },
      summary: what,
      attendees: everyone,
      notes: event.notes,
    });
  }
}

/** A visitor's phone as shown (3-3-4 when it has ten digits) and as dialled. */
function phoneOf(digits: string) {
  const shown = formatPhone(digits);
  return { shown: shown === "-" ? digits : shown, digits };
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
 * Invites a guest (a caregiver, an interpreter) to a video visit by email: their own link, the time in the
 * provider's calendar zone and the .ics. The guest joins without an account, under the name the provider gave,
 * and waits until the provider admits them.
 */
export async function emailVisitInvitation(
  services: Services,
  event: EventWithProviders,
  guest: { email: string; name: string; locale: Locale },
  url: string,
  tx?: DbOrTx,
): Promise<void> {
  const db = tx ?? services.db;
  const lead = await findPersonIn(db, event.organizationId, event.providerIds[0] ?? "");
  if (!lead) return;
  const zone = (await ensureProviderCalendar(db, lead)).timeZone;
  const what = describe(event, guest.locale);
  const { details, ...rendered } = renderEventEmail("visitInvitation", guest.locale, {
    name: guest.name,
    what,
    when: formatAppointmentTime(event.startOn, guest.locale, zone),
    with: fullName(lead),
    where: { url },
    action: { kind: "join", url },
  });
  const attachment = icsAttachment({
    id: event.id,
    startOn: event.startOn,
    endOn: event.endOn,
    summary: what,
    description: details,
    location: { url },
    organizer: partyOf(lead),
    attendees: [{ name: guest.name, email: guest.email }],
    sequence: event.sequence,
    cancelled: false,
  });
  const content = withClinicFooter(rendered, await clinicFooterLines(services, event.organizationId, db));
  await services.mailer.send({ to: guest.email, ...content, attachments: [attachment] }, tx);
}
