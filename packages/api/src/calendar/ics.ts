import type { EmailAttachment } from "@fizio/db/schema";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export interface InviteEvent {
  id: string;
  startOn: Date;
  endOn: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  /** Grows with every change, so calendar apps replace the earlier copy (RFC 5545 SEQUENCE). */
  sequence: number;
  cancelled?: boolean;
}

/** An .ics invitation (or cancellation) for one event; the UID is stable so updates replace it. */
export function icsAttachment(event: InviteEvent): EmailAttachment {
  const calendar = ical({
    prodId: { company: "Fizio", product: "Calendar", language: "EN" },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${event.id}@fizio`,
    start: event.startOn,
    end: event.endOn,
    summary: event.summary,
    description: event.description,
    organizer: event.organizer,
    sequence: event.sequence,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return {
    filename: "invite.ics",
    contentType: "text/calendar; charset=utf-8",
    content: calendar.toString(),
  };
}
