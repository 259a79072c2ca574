import { EVENT_EARLY_START_MINUTES } from "../constants";
import { AppError } from "../errors";
import type { EventStatus } from "./enums";

/**
 * The event status machine (spec §4): Scheduled → Ongoing → Completed; Scheduled → Cancelled; Scheduled →
 * No Show. A scheduled event whose time has passed may also be recorded as Completed directly (the visit
 * happened but nobody pressed Start). Completed, Cancelled and No Show are final.
 */
export const EVENT_TRANSITIONS: Readonly<Record<EventStatus, readonly EventStatus[]>> = {
  SCHEDULED: ["ONGOING", "COMPLETED", "CANCELLED", "NO_SHOW"],
  ONGOING: ["COMPLETED"],
  COMPLETED: [],
  CANCELLED: [],
  NO_SHOW: [],
};

export interface EventTiming {
  status: EventStatus;
  startOn: Date;
  endOn: Date;
}

export function canTransitionEvent(from: EventStatus, to: EventStatus): boolean {
  return EVENT_TRANSITIONS[from].includes(to);
}

/**
 * Throws the FIZ code a user should see for moving `event` to `target` at `now`, or returns nothing:
 * FIZ215 once completed, FIZ214 for a change the machine does not have, FIZ216 for cancelling what has
 * started, FIZ217 for completing what has not started, FIZ218 for starting over 30 minutes early, and
 * FIZ214 for a No Show before the start.
 */
export function assertEventTransition(event: EventTiming, target: EventStatus, now: Date): void {
  if (event.status === "COMPLETED") throw new AppError("FIZ215");
  if (!canTransitionEvent(event.status, target))
    throw new AppError("FIZ214", { currentStatus: event.status, targetStatus: target }, { field: "status" });
  const start = event.startOn.getTime();
  if (target === "CANCELLED" && start <= now.getTime()) throw new AppError("FIZ216");
  if (target === "COMPLETED" && start > now.getTime()) throw new AppError("FIZ217");
  if (target === "ONGOING" && start - now.getTime() > EVENT_EARLY_START_MINUTES * 60_000)
    throw new AppError("FIZ218");
  if (target === "NO_SHOW" && start > now.getTime())
    throw new AppError("FIZ214", { currentStatus: event.status, targetStatus: target }, { field: "status" });
}

/**
 * Editing: a completed event is part of the record (FIZ215); a cancelled or missed one is history too, and
 * is booked again as a new event rather than edited back to life (FIZ413).
 */
export function assertEventEditable(status: EventStatus): void {
  if (status === "COMPLETED") throw new AppError("FIZ215");
  if (status === "CANCELLED" || status === "NO_SHOW") throw new AppError("FIZ413");
}

export function assertEventDeletable(status: EventStatus): void {
  if (status === "COMPLETED") throw new AppError("FIZ215");
}

/** Statuses that hold the provider's time: a cancelled event frees it. */
export function blocksCalendar(status: EventStatus): boolean {
  return status !== "CANCELLED";
}
