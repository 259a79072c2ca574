import type { EventStatus } from "../calendar/enums";
import { EVENT_EARLY_START_MINUTES } from "../constants";
import { AppError } from "../errors";
import type { VisitGuestStatus } from "./guests";

/** Who is in a video visit: the event's provider, its patient, or a guest the provider invited. */
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

/** Whether a Join button is offered now: a video event whose room is open (as assertJoinable lets it in). */
export function isVisitJoinable(event: VisitTiming & { video: boolean }, now: Date): boolean {
  return (
    event.video &&
    (event.status === "SCHEDULED" || event.status === "ONGOING") &&
    event.startOn.getTime() - now.getTime() <= EVENT_EARLY_START_MINUTES * 60_000
  );
}

/** A finished, cancelled or missed event has no call any more (FIZ110). */
export function assertVisitOpen(status: EventStatus): void {
  if (status !== "SCHEDULED" && status !== "ONGOING") throw new AppError("FIZ110");
}

/**
 * A participants' link seats the event's patient, signed in, and nobody else: another patient is refused
 * (FIZ404), another organisation's staff too (FIZ415), and anyone else holding the link, signed out or a
 * colleague, is told the link is the patient's (FIZ273). A guest comes in by a link of their own.
 */
export function assertPatientLink<User extends { id: string; role: string; organizationId: string }>(
  user: User | null,
  event: { patientId: string | null; organizationId: string },
): asserts user is User {
  if (user && user.id === event.patientId) return;
  if (user?.role === "ROLE_PATIENT") throw new AppError("FIZ404");
  if (user && user.organizationId !== event.organizationId) throw new AppError("FIZ415");
  throw new AppError("FIZ273");
}

/**
 * A patient who arrives before the provider waits and is let in when the provider joins; the provider is in at
 * once. A guest is let in only once the provider has admitted them, and then only while the provider is there.
 */
export function admission(
  role: VisitRole,
  providerPresent: boolean,
  guestStatus: VisitGuestStatus | null = null,
): "ADMITTED" | "WAITING" {
  if (role === "PROVIDER") return "ADMITTED";
  if (role === "GUEST" && guestStatus !== "ADMITTED") return "WAITING";
  return providerPresent ? "ADMITTED" : "WAITING";
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
