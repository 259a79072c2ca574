import { AppError } from "../errors";
import { type ActivityFields, sameActivityFields } from "./activity";
import type { PlanStatus } from "./enums";
import { isFinalPlanStatus } from "./plan-status";

/** FIZ232: a patient has only one current plan. `currentPlanId` is the patient's current plan, if any. */
export function assertSingleCurrentPlan(currentPlanId: string | null, planId?: string): void {
  if (currentPlanId && currentPlanId !== planId) throw new AppError("FIZ232");
}

/**
 * A plan is deleted only while it records no care: a completed plan is the record of finished care (FIZ220), and
 * one whose activities the patient started holds their sessions and recordings (FIZ278); it is ended instead.
 */
export function assertPlanDeletable(status: PlanStatus, startedActivities: number): void {
  if (status === "COMPLETED") throw new AppError("FIZ220");
  if (startedActivities > 0) throw new AppError("FIZ278");
}

/** An ended plan (completed, terminated, cancelled) is read-only. */
export function assertPlanEditable(status: PlanStatus): void {
  if (isFinalPlanStatus(status)) throw new AppError("FIZ413");
}

/** Spec §5: a plan needs at least one activity (FIZ039) and at least one assessment (FIZ040). */
export function assertPlanContent(plan: {
  sessions: readonly { activities: readonly unknown[] }[];
  assessmentTemplateIds: readonly string[];
}): void {
  if (!plan.sessions.some((s) => s.activities.length > 0))
    throw new AppError("FIZ039", {}, { field: "sessions" });
  if (plan.assessmentTemplateIds.length === 0)
    throw new AppError("FIZ040", {}, { field: "assessmentTemplateIds" });
}

/**
 * A new plan's sessions and activities are new: an id sent with one names another plan's session (FIZ121) or
 * activity (FIZ111), as it would in an update.
 */
export function assertNewPlanIds(plan: Pick<PlanChange, "sessions">): void {
  plan.sessions.forEach((session, i) => {
    if (session.id) throw new AppError("FIZ121", {}, { field: `sessions.${i}.id` });
    session.activities.forEach((activity, j) => {
      if (activity.id) throw new AppError("FIZ111", {}, { field: `sessions.${i}.activities.${j}.id` });
    });
  });
}

export interface StoredPlan {
  status: PlanStatus;
  sessions: readonly {
    id: string;
    activities: readonly (ActivityFields & { id: string; startedAt: Date | null })[];
  }[];
  assessmentTemplateIds: readonly string[];
}

export interface PlanChange {
  sessions: readonly { id?: string; activities: readonly (ActivityFields & { id?: string })[] }[];
  assessmentTemplateIds: readonly string[];
}

/**
 * The rules a plan update must keep, checked against what is stored:
 * - the plan is not ended (FIZ413);
 * - ids sent back belong to this plan (FIZ121 for a session, FIZ111 for an activity);
 * - a started activity is neither changed, moved to another session nor removed (FIZ221);
 * - once the plan has left DRAFT its assessments have been assigned to the patient, so none is removed
 *   (FIZ248); a draft's assessments can still be changed.
 */
export function assertPlanUpdate(stored: StoredPlan, next: PlanChange): void {
  assertPlanEditable(stored.status);
  const storedSessionIds = new Set(stored.sessions.map((s) => s.id));
  const storedActivities = new Map(
    stored.sessions.flatMap((s) =>
      s.activities.map((a) => [a.id, { activity: a, sessionId: s.id }] as const),
    ),
  );
  const kept = new Map<string, { fields: ActivityFields; sessionId: string | undefined }>();
  next.sessions.forEach((session, i) => {
    if (session.id && !storedSessionIds.has(session.id))
      throw new AppError("FIZ121", {}, { field: `sessions.${i}.id` });
    session.activities.forEach((activity, j) => {
      if (!activity.id) return;
      if (!storedActivities.has(activity.id))
        throw new AppError("FIZ111", {}, { field: `sessions.${i}.activities.${j}.id` });
      kept.set(activity.id, { fields: activity, sessionId: session.id });
    });
  });
  for (const [id, { activity, sessionId }] of storedActivities) {
    if (!activity.startedAt) continue;
    const after = kept.get(id);
    if (!after || after.sessionId !== sessionId || !sameActivityFields(activity, after.fields))
      throw new AppError("FIZ221", { activityId: id });
  }
  if (stored.status !== "DRAFT") {
    const nextIds = new Set(next.assessmentTemplateIds);
    if (stored.assessmentTemplateIds.some((id) => !nextIds.has(id)))
      throw new AppError("FIZ248", {}, { field: "assessmentTemplateIds" });
  }
}
