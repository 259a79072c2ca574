import {
  completeActivitySessionKeepingRecording,
  findActivitySession,
  findPatientAssessment,
  findPlanActivity,
  findPlanForUpdate,
  findRecording,
  listPatientActivitySessions,
  markActivityStarted,
  markRomAssessmentRecorded,
  markSessionBegun,
  setActivitySessionFeedback,
  type Tx,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  activityFeedbackInput,
  activitySessionIdInput,
  assertFeedbackAllowed,
  completeActivitySessionInput,
  listActivitySessionsInput,
  romAssessmentRecorded,
} from "@fizio/domain";
import { assertNoForeignRecords, assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import type { Context } from "../../context";
import { router } from "../../trpc";
import { romResultsOf } from "../assessments/rom-results";
import { sessionProcedure } from "./procedure";
import { start } from "./start";
import { sessionView } from "./views";

/** The patient's own session: another organisation's is FIZ415; another patient's as good as missing (FIZ125). */
async function ownSession(ctx: Context & { user: UserRow }, id: string) {
  const session = await findActivitySession(ctx.db, id);
  if (session) assertSameOrganization(ctx.user, "activity_session", session);
  if (session?.patientId !== ctx.user.id) throw new AppError("FIZ125");
  return session;
}

/** The last movement of a ROM assessment recorded submits it, in the transaction that completed the session. */
async function submitRecordedAssessment(ctx: Context & { user: UserRow }, tx: Tx, assessmentId: string) {
  const assessment = await findPatientAssessment(tx, assessmentId);
  if (assessment?.status !== "ASSIGNED") return;
  const movements = (await romResultsOf(tx, [assessment])).get(assessment.id) ?? [];
  if (!romAssessmentRecorded(movements)) return;
  if (await markRomAssessmentRecorded(tx, assessment.id))
    await audit(ctx, "assessments.submit", "patient_assessment", assessment.id, { recorded: true }, tx);
}

/**
 * The plan of a session's activity, locked first as the editor and plan deletion lock it, so a session is never
 * begun while its plan is saved or removed.
 */
async function lockPlanOf(tx: Tx, planActivityId: string | null) {
  const found = planActivityId ? await findPlanActivity(tx, planActivityId) : undefined;
  if (found) await findPlanForUpdate(tx, found.plan.id);
  return found;
}

/**
 * The patient began a plan activity (its recording started, or Done was pressed): from then on it is started
 * for the patient and the therapist, and locked against edits (FIZ221). The first start counts.
 */
async function beginPlanActivity(
  ctx: Context & { user: UserRow },
  tx: Tx,
  found: NonNullable<Awaited<ReturnType<typeof lockPlanOf>>>,
) {
  if (found.activity.startedAt) return;
  await markActivityStarted(tx, found.activity.id);
  await audit(ctx, "plans.activity.start", "plan_activity", found.activity.id, { planId: found.plan.id }, tx);
}

/**
 * Screen 3: the session's recording started, so the patient began the activity (an opened session counts for
 * nothing until then). Beginning again, or after completion, changes nothing.
 */
const begin = sessionProcedure.input(activitySessionIdInput).mutation(async ({ ctx, input }) => {
  const session = await ownSession(ctx, input.id);
  const begun = await ctx.db.transaction(async (tx) => {
    const found = await lockPlanOf(tx, session.planActivityId);
    const row = await markSessionBegun(tx, { sessionId: session.id, patientId: ctx.user.id });
    if (!row) return undefined;
    if (!session.begunAt) await audit(ctx, "activitySessions.begin", "activity_session", row.id, {}, tx);
    if (found) await beginPlanActivity(ctx, tx, found);
    return row;
  });
  return sessionView(begun ?? session);
});

/**
 * Screen 3 -> 4: the session ends with its breaks and, when recorded, the patient's own recording (FIZ120
 * otherwise); a recording its upload already linked is kept when none is given. Completing again answers the
 * completed session unchanged.
 */
const complete = sessionProcedure.input(completeActivitySessionInput).mutation(async ({ ctx, input }) => {
  const session = await ownSession(ctx, input.id);
  if (input.recordingId) {
    const recording = await findRecording(ctx.db, input.recordingId);
    if (recording) assertSameOrganization(ctx.user, "recording", recording);
    if (recording?.patientId !== ctx.user.id) throw new AppError("FIZ120", {}, { field: "recordingId" });
  }
  const completed = await ctx.db.transaction(async (tx) => {
    const found = await lockPlanOf(tx, session.planActivityId);
    const row = await completeActivitySessionKeepingRecording(tx, session.id, {
      recordingId: input.recordingId ?? null,
      breaks: input.breaks,
      stoppedEarly: input.stoppedEarly,
    });
    if (row) {
      await audit(
        ctx,
        "activitySessions.complete",
        "activity_session",
        row.id,
        { recordingId: row.recordingId, stoppedEarly: row.stoppedEarly },
        tx,
      );
      if (row.patientAssessmentId) await submitRecordedAssessment(ctx, tx, row.patientAssessmentId);
      if (found) await beginPlanActivity(ctx, tx, found);
    }
    return row;
  });
  return sessionView(completed ?? session);
});

/** Screen 4: pain, difficulty and speed, once (FIZ243), after completion (FIZ244). */
const feedback = sessionProcedure.input(activityFeedbackInput).mutation(async ({ ctx, input }) => {
  const session = await ownSession(ctx, input.id);
  assertFeedbackAllowed(session);
  const { id, ...given } = input;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await setActivitySessionFeedback(tx, id, given);
    if (updated) await audit(ctx, "activitySessions.feedback", "activity_session", id, given, tx);
    return updated;
  });
  // Lost a race with another submission: the stored feedback stands.
  if (!row) throw new AppError("FIZ243");
  return sessionView(row);
});

/** The patient's sessions, newest first, with the activity and the recording's analysis; of one plan if asked. */
const mine = sessionProcedure.input(listActivitySessionsInput).query(async ({ ctx, input }) => {
  await assertNoForeignRecords(ctx.db, ctx.user, "treatment_plan", [input.planId]);
  return listPatientActivitySessions(ctx.db, ctx.user.id, input);
});

export const activitySessionsRouter = router({ start, begin, complete, feedback, mine });
