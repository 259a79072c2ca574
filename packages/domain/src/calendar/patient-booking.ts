import { AppError } from "../errors";
import type { EventStatus } from "./enums";

const MINUTE = 60_000;

/**
 * Whether a patient may cancel or move a visit themself: one they booked (others are the clinic's to change,
 * FIZ413), still scheduled (FIZ214), not started (FIZ216), and not inside the organisation's notice (FIZ268).
 */
export function assertPatientMayChange(
  event: { status: EventStatus; startOn: Date; createdBy: string | null },
  patientId: string,
  now: Date,
  noticeMinutes: number,
): void {
  if (event.createdBy !== patientId) throw new AppError("FIZ413");
  if (event.status !== "SCHEDULED")
    throw new AppError("FIZ214", { currentStatus: event.status, targetStatus: "CANCELLED" });
  if (event.startOn <= now) throw new AppError("FIZ216");
  if (event.startOn.getTime() - now.getTime() < noticeMinutes * MINUTE) throw new AppError("FIZ268");
}

/** The last moment a patient may still change a visit online, for the calendar to say so before they try. */
export function patientChangeDeadline(startOn: Date, noticeMinutes: number): Date {
  return new Date(startOn.getTime() - noticeMinutes * MINUTE);
}
