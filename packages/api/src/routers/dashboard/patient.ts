import { findCurrentPlanSchedule, readPatientHome, upcomingPatientEvents } from "@fizio/db";
import {
  averageError,
  currentAndNextSession,
  type DashboardSession,
  doneActivityIds,
  nextEvent,
  patientDashboardInput,
  planActivityStates,
  planProgress,
  RECENT_RESULTS_FOR_AVERAGE,
  sessionState,
  systemPoints,
  TIMELINE_LENGTH,
  timeline,
  todayIn,
} from "@fizio/domain";
import type { Context } from "../../context";
import { roleProcedure } from "../../trpc";

type PlanSession = NonNullable<Awaited<ReturnType<typeof findCurrentPlanSchedule>>>["sessions"][number];

/** The current plan's schedule with each session's state, and the current and next session in full. */
async function planPart(ctx: Context, patientId: string, today: string) {
  const schedule = await findCurrentPlanSchedule(ctx.db, patientId);
  if (!schedule) return null;
  const { plan, sessions, attempts } = schedule;
  // One rule for every activity's state, so home, /to-do and the therapist's records agree.
  const states = planActivityStates(sessions, attempts, today);
  const completed = doneActivityIds(states);
  const scheduled: (DashboardSession & { session: PlanSession })[] = sessions.map((session) => ({
    id: session.id,
    date: session.date,
    position: session.position,
    activityIds: session.activities.map((a) => a.id),
    session,
  }));
  const numberOf = (id: string) => sessions.findIndex((s) => s.id === id) + 1;
  const detail = (s: (typeof scheduled)[number] | null) =>
    s && {
      id: s.id,
      date: s.date,
      number: numberOf(s.id),
      state: sessionState(s, scheduled, completed, today),
      activities: s.session.activities.map((a) => ({
        id: a.id,
        name: a.name,
        type: a.type,
        state: states.get(a.id) ?? "NOT_STARTED",
      })),
    };
  const { current, next } = currentAndNextSession(scheduled, completed, today);
  return {
    plan: { id: plan.id, name: plan.name, longTermGoal: plan.longTermGoal },
    progress: planProgress(scheduled, completed),
    schedule: scheduled.map((s) => ({
      id: s.id,
      date: s.date,
      number: numberOf(s.id),
      activityCount: s.activityIds.length,
      completedCount: s.activityIds.filter((id) => completed.has(id)).length,
      state: sessionState(s, scheduled, completed, today),
    })),
    current: detail(current),
    next: detail(next),
    /** The raw sessions the next event is chosen from. */
    turn: { current, next },
  };
}

/**
 * /home for a patient (spec §1): system points, the recent average error, the current plan's progress,
 * schedule and current and next session, what to do next, and a timeline of what was done.
 */
export const patient = roleProcedure("ROLE_PATIENT")
  .input(patientDashboardInput)
  .query(async ({ ctx, input }) => {
    const today = todayIn(input.timeZone);
    const patientId = ctx.user.id;
    // Independent reads, side by side on the pool: the page waits for the slowest, not for their sum.
    const [work, part, upcoming] = await Promise.all([
      readPatientHome(ctx.db, patientId, { recent: RECENT_RESULTS_FOR_AVERAGE, timeline: TIMELINE_LENGTH }),
      planPart(ctx, patientId, today),
      upcomingPatientEvents(ctx.db, patientId, new Date(), 5),
    ]);
    const appointments = upcoming.map((e) => ({
      id: e.id,
      startOn: e.startOn,
      endOn: e.endOn,
      date: todayIn(input.timeZone, e.startOn),
      title: e.serviceName ?? e.title,
      status: e.status,
      video: e.video,
      providers: e.providers.map((p) => p.name),
    }));
    return {
      today,
      systemPoints: systemPoints(work),
      completedActivities: work.completedActivities,
      averageError: { value: averageError(work.recentErrors), recordings: work.recentErrors.length },
      plan: part?.plan ?? null,
      progress: part?.progress ?? null,
      schedule: part?.schedule ?? [],
      currentSession: part?.current ?? null,
      nextSession: part?.next ?? null,
      appointments,
      nextEvent: nextEvent(
        part?.turn.current ?? null,
        part?.turn.next ?? null,
        work.pending,
        appointments[0] ?? null,
        today,
      ),
      pendingAssessments: work.pending.length,
      /** Assessments waiting for the patient's answers, oldest first. */
      pending: work.pending.map((a) => ({ id: a.id, name: a.name })),
      timeline: timeline(work.timeline),
    };
  });
