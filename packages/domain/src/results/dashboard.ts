import type { ScheduledSession } from "../treatment/schedule";

/**
 * System points (spec §1 patient dashboard; no rule is given and patients have no stored points): earned by
 * doing the work, so they can be recomputed from the record at any time instead of being kept in a column.
 */
export const POINTS_PER_COMPLETED_ACTIVITY = 10;
export const POINTS_PER_SUBMITTED_ASSESSMENT = 5;

export function systemPoints(done: { completedActivities: number; submittedAssessments: number }): number {
  return (
    done.completedActivities * POINTS_PER_COMPLETED_ACTIVITY +
    done.submittedAssessments * POINTS_PER_SUBMITTED_ASSESSMENT
  );
}

/** The dashboard's average error is over the patient's most recent completed recordings. */
export const RECENT_RESULTS_FOR_AVERAGE = 5;

/** Mean of the figures given (nulls, i.e. nothing visible, are skipped); null when there are none. */
export function averageError(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, v) => sum + v, 0) / known.length;
}

export interface DashboardSession extends ScheduledSession {
  id: string;
  activityIds: readonly string[];
}

/** A plan session as the schedule shows it. */
export type SessionState = "COMPLETED" | "OPEN" | "MISSED" | "UPCOMING";

/**
 * Completed when every activity was done; otherwise open on its date, missed once a later session has opened
 * (it can still be caught up, see isSessionOpen), upcoming before its date.
 */
export function sessionState(
  session: DashboardSession,
  sessions: readonly DashboardSession[],
  completed: ReadonlySet<string>,
  today: string,
): SessionState {
  if (session.activityIds.length > 0 && session.activityIds.every((id) => completed.has(id)))
    return "COMPLETED";
  if (session.date > today) return "UPCOMING";
  const laterOpened = sessions.some((s) => s.date > session.date && s.date <= today);
  return laterOpened ? "MISSED" : "OPEN";
}

export interface PlanProgress {
  completedActivities: number;
  totalActivities: number;
  completedSessions: number;
  totalSessions: number;
  /** 0..100 by activities, the unit the patient completes. */
  percent: number;
}

export function planProgress(
  sessions: readonly DashboardSession[],
  completed: ReadonlySet<string>,
): PlanProgress {
  const activityIds = sessions.flatMap((s) => s.activityIds);
  const completedActivities = activityIds.filter((id) => completed.has(id)).length;
  const completedSessions = sessions.filter(
    (s) => s.activityIds.length > 0 && s.activityIds.every((id) => completed.has(id)),
  ).length;
  return {
    completedActivities,
    totalActivities: activityIds.length,
    completedSessions,
    totalSessions: sessions.length,
    percent: activityIds.length === 0 ? 0 : Math.round((completedActivities / activityIds.length) * 100),
  };
}

const byDate = <T extends ScheduledSession>(a: T, b: T) =>
  a.date.localeCompare(b.date) || a.position - b.position;

/**
 * The current session is the latest one open today that is not completed (today's, or a missed one still to
 * catch up); the next one is the first after today.
 */
export function currentAndNextSession<T extends DashboardSession>(
  sessions: readonly T[],
  completed: ReadonlySet<string>,
  today: string,
): { current: T | null; next: T | null } {
  const sorted = [...sessions].sort(byDate);
  const open = sorted.filter(
    (s) => s.date <= today && sessionState(s, sessions, completed, today) !== "COMPLETED",
  );
  return { current: open.at(-1) ?? null, next: sorted.find((s) => s.date > today) ?? null };
}

/**
 * The session /to-do offers, so it agrees with the dashboard: the current one (today's, or a missed one still
 * to catch up), else today's even when it is done, else the next one to open; null once nothing is left.
 */
export function todoSession<T extends DashboardSession>(
  sessions: readonly T[],
  completed: ReadonlySet<string>,
  today: string,
): T | null {
  const { current, next } = currentAndNextSession(sessions, completed, today);
  const todays = [...sessions].sort(byDate).filter((s) => s.date === today);
  return current ?? todays.at(-1) ?? next;
}

export type NextEvent =
  | { kind: "SESSION"; sessionId: string; date: string }
  | { kind: "ASSESSMENT"; assessmentId: string; name: string; assignedAt: Date }
  | { kind: "APPOINTMENT"; eventId: string; startOn: Date; title: string | null };

export interface UpcomingAppointment {
  id: string;
  startOn: Date;
  /** Its calendar date in the patient's zone. */
  date: string;
  title: string | null;
}

/**
 * What the patient should do next: an appointment today comes first (it is at a set time), then the current
 * session, an assessment waiting for answers (the oldest), and whichever of the next session and the next
 * appointment is sooner; null when nothing is left.
 */
export function nextEvent(
  current: DashboardSession | null,
  next: DashboardSession | null,
  pendingAssessments: readonly { id: string; name: string; assignedAt: Date }[],
  appointment: UpcomingAppointment | null = null,
  today = "",
): NextEvent | null {
  const visit = appointment
    ? {
        kind: "APPOINTMENT" as const,
        eventId: appointment.id,
        startOn: appointment.startOn,
        title: appointment.title,
      }
    : null;
  if (visit && appointment && appointment.date <= today) return visit;
  if (current) return { kind: "SESSION", sessionId: current.id, date: current.date };
  const assessment = [...pendingAssessments].sort(
    (a, b) => a.assignedAt.getTime() - b.assignedAt.getTime(),
  )[0];
  if (assessment)
    return {
      kind: "ASSESSMENT",
      assessmentId: assessment.id,
      name: assessment.name,
      assignedAt: assessment.assignedAt,
    };
  if (visit && appointment && (!next || appointment.date < next.date)) return visit;
  if (next) return { kind: "SESSION", sessionId: next.id, date: next.date };
  return visit;
}

export type TimelineKind = "ACTIVITY" | "RECORDING" | "ASSESSMENT";

export interface TimelineEntry {
  kind: TimelineKind;
  id: string;
  title: string | null;
  at: Date;
  /** A completed recording's overall average error. */
  overallAverageError?: number | null;
  /** An activity's recording: once analysed, the recording's entry stands for the activity. */
  recordingId?: string;
}

export const TIMELINE_LENGTH = 10;

/**
 * Recent completed activities, analysed recordings and submitted assessments, newest first. An activity whose
 * recording is listed is that recording's entry, under the activity's name as /to-do calls it: each is listed
 * once.
 */
export function timeline(entries: readonly TimelineEntry[], limit = TIMELINE_LENGTH): TimelineEntry[] {
  const activityOf = new Map(
    entries.flatMap((e) => (e.kind === "ACTIVITY" && e.recordingId ? [[e.recordingId, e] as const] : [])),
  );
  const recorded = new Set(entries.filter((e) => e.kind === "RECORDING").map((e) => e.id));
  return entries
    .filter((e) => !(e.kind === "ACTIVITY" && e.recordingId && recorded.has(e.recordingId)))
    .map((e) => (e.kind === "RECORDING" ? { ...e, title: activityOf.get(e.id)?.title ?? e.title } : e))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id))
    .slice(0, limit);
}
