import type { EventStatus } from "../calendar/enums";
import { EVENT_EARLY_START_MINUTES } from "../constants";
import { AppError } from "../errors";

/** Who is in a video visit: the event's provider, its patient, or a guest the provider invited by email. */
export type VisitRole = "PROVIDER" | "PATIENT" | "GUEST";

export interface VisitTiming {
  status: EventStatus;
  startOn: Date;
}

/**
 * The room opens 30 minutes before the start (when a provider may start the event) and stays open while the
 * event is Scheduled or Ongoing; a finished, cancelled or missed event has no call (FIZ110).
 */
export function assertJoinable(event: VisitTiming, now: Date): void {
  assertVisitOpen(event.status);
  if (event.startOn.getTime() - now.getTime() > EVENT_EARLY_START_MINUTES * 60_000)
    throw new AppError("FIZ218");
}

/** A finished, cancelled or missed event has no call any more (FIZ110). */
export function assertVisitOpen(status: EventStatus): void {
  if (status !== "SCHEDULED" && status !== "ONGOING") throw new AppError("FIZ110");
}

/**
 * Who a participants' link seats: the event's patient; another signed-in patient never (FIZ404), nor staff of
 * another organisation (FIZ415); anyone else (a caregiver, an interpreter, a colleague) as a guest by name.
 */
export function participantRole(
  user: { id: string; role: string; organizationId: string } | null,
  event: { patientId: string | null; organizationId: string },
): "PATIENT" | "GUEST" {
  if (!user) return "GUEST";
  if (user.id === event.patientId) return "PATIENT";
  if (user.role === "ROLE_PATIENT") throw new AppError("FIZ404");
  if (user.organizationId !== event.organizationId) throw new AppError("FIZ415");
  return "GUEST";
}

/**
 * A patient or guest who arrives before the provider waits, and is let in when the provider joins; the
 * provider is in at once.
 */
export function admission(role: VisitRole, providerPresent: boolean): "ADMITTED" | "WAITING" {
  return role === "PROVIDER" || providerPresent ? "ADMITTED" : "WAITING";
}

/**
 * One connection per participant: a second join from another tab takes over and the first is told it was
 * replaced; a participant already connected from this very connection gets FIZ241.
 */
export function assertNotJoinedHere(existingConnectionId: string | null, connectionId: string): void {
  if (existingConnectionId === connectionId) throw new AppError("FIZ241");
}

/** Only an ongoing visit can be finished (FIZ242). */
export function assertFinishable(status: EventStatus): void {
  if (status !== "ONGOING") throw new AppError("FIZ242");
}

/** The visit's real length in whole minutes, at least one, from the provider's start to the finish. */
export function visitMinutes(startedAt: Date, finishedAt: Date): number {
  return Math.max(1, Math.ceil((finishedAt.getTime() - startedAt.getTime()) / 60_000));
}
