import { wallClock, zonedInstant } from "../calendar/time";
import { AppError } from "../errors";
import { addDays } from "../treatment/schedule";

/** Local hour a program's later messages go out at: morning, when a patient reads and can act on them. */
export const ENGAGEMENT_SEND_HOUR = 9;
export const ENGAGEMENT_MAX_START_DAY = 365;
export const ENGAGEMENT_MAX_MESSAGES = 60;

export const ENGAGEMENT_STATUSES = ["PLANNED", "CURRENT", "IN_PROGRESS", "COMPLETED", "CANCELLED"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export interface ProgramProgress {
  /** The enrolment's day 0, a calendar date in the program's time zone. */
  startDate: string;
  /** Today in the program's time zone. */
  today: string;
  sent: number;
  total: number;
  cancelled: boolean;
}

/**
 * Derived, never stored, so it cannot drift: planned before day 0; current from day 0 until the first message
 * goes out; in progress while some wait; completed when all went out. A cancelled program stays cancelled.
 */
export function engagementStatus(p: ProgramProgress): EngagementStatus {
  if (p.cancelled) return "CANCELLED";
  if (p.total > 0 && p.sent >= p.total) return "COMPLETED";
  if (p.sent > 0) return "IN_PROGRESS";
  return p.today < p.startDate ? "PLANNED" : "CURRENT";
}

/**
 * Spec §4: a program cannot be deleted when current, in progress, completed or after messages were sent
 * (FIZ222): only a planned one, or one cancelled before anything went out.
 */
export function assertProgramDeletable(status: EngagementStatus, sent: number): void {
  if (sent > 0 || (status !== "PLANNED" && status !== "CANCELLED")) throw new AppError("FIZ222");
}

/** Spec §4: a completed program cannot be updated (FIZ223); a cancelled one is closed the same way. */
export function assertProgramUpdatable(status: EngagementStatus): void {
  if (status === "COMPLETED" || status === "CANCELLED") throw new AppError("FIZ223");
}

/** Spec §4: a sent message cannot be edited or deleted (FIZ224). */
export function assertProgramMessageEditable(message: { sentAt: Date | null }): void {
  if (message.sentAt) throw new AppError("FIZ224");
}

/**
 * When a program's message of day `startDay` is due: ENGAGEMENT_SEND_HOUR on its local date; a day-0 message
 * of a program enrolled that same day goes out at enrolment (the welcome arrives while the provider is with
 * the patient). A local 9:00 that does not exist (a DST gap) moves an hour later.
 */
export function engagementDueAt(
  program: { startDate: string; timeZone: string; enrolledAt: Date },
  startDay: number,
): Date {
  const date = addDays(program.startDate, startDay);
  if (startDay === 0 && wallClock(program.enrolledAt, program.timeZone).date === date)
    return program.enrolledAt;
  const minutes = ENGAGEMENT_SEND_HOUR * 60;
  return zonedInstant(date, minutes, program.timeZone) ?? zonedInstant(date, minutes + 60, program.timeZone)!;
}

export interface ProgramMessage {
  id: string;
  startDay: number;
  bodyEn: string;
  bodyEs: string;
  attachmentId: string | null;
  sentAt: Date | null;
}
export type ProgramMessageChange = Omit<ProgramMessage, "id" | "sentAt"> & { id?: string };

/**
 * How an edit of a program's messages applies: sent messages must come back unchanged and cannot be removed
 * (FIZ224); an id that is not the program's is FIZ002; two messages on one day are FIZ008.
 */
export function planProgramUpdate(existing: ProgramMessage[], incoming: ProgramMessageChange[]) {
  const byId = new Map(existing.map((m) => [m.id, m]));
  const kept = new Set<string>();
  const days = new Set<number>();
  const insert: ProgramMessageChange[] = [];
  const update: (ProgramMessageChange & { id: string })[] = [];
  for (const m of incoming) {
    if (days.has(m.startDay)) throw new AppError("FIZ008");
    days.add(m.startDay);
    if (!m.id) {
      insert.push(m);
      continue;
    }
    const current = byId.get(m.id);
    if (!current) throw new AppError("FIZ002");
    kept.add(m.id);
    const changed =
      current.startDay !== m.startDay ||
      current.bodyEn !== m.bodyEn ||
      current.bodyEs !== m.bodyEs ||
      current.attachmentId !== m.attachmentId;
    if (!changed) continue;
    assertProgramMessageEditable(current);
    update.push({ ...m, id: m.id });
  }
  const remove = existing.filter((m) => !kept.has(m.id));
  for (const m of remove) assertProgramMessageEditable(m);
  return { insert, update, remove: remove.map((m) => m.id) };
}
