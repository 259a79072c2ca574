import type { EmailAttachment } from "@fizio/db/schema";
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";

export interface CalendarParty {
  name: string;
  email: string;
}

export interface InviteEvent {
  id: string;
  startOn: Date;
  endOn: Date;
  summary: string;
  description: string;
  /** Where it happens: a place, or the reader's video link (then also the event's URL). */
  location: { place: string } | { url: string } | null;
  organizer: CalendarParty;
  /**
   * RFC 5546 §3.2.2 and §3.2.5: a REQUEST or CANCEL names the attendees it is for, the recipient among them;
   * the type asks for at least one, so no invitation goes out without.
   */
  attendees: [CalendarParty, ...CalendarParty[]];
  /** The event's revision: a changed or cancelled copy outranks the earlier one (RFC 5545 SEQUENCE). */
  sequence: number;
  cancelled?: boolean;
}

/**
 * An .ics invitation (or cancellation) for one event, its times in UTC; the UID is the event's, so every
 * later copy replaces the one before.
 */
export function icsAttachment(event: InviteEvent): EmailAttachment {
  const calendar = ical({
    prodId: { company: "Fizio", product: "Calendar", language: "EN" },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const url = event.location && "url" in event.location ? event.location.url : null;
  calendar.createEvent({
    id: `${event.id}@fizio`,
    start: event.startOn,
    end: event.endOn,
    summary: event.summary,
    description: event.description,
    location: url ?? (event.location && "place" in event.location ? event.location.place : null),
    url,
    organizer: event.organizer,
    // Booked by the clinic or by the visitor themselves: nobody is asked to reply.
    attendees: event.attendees.map((a) => ({
      ...a,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.ACCEPTED,
      rsvp: false,
    })),
    sequence: event.sequence,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return {
    filename: "invite.ics",
    contentType: "text/calendar; charset=utf-8",
    content: calendar.toString(),
  };
}
