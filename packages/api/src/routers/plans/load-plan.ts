import {
  type DbOrTx,
  findPlan,
  findPlanForUpdate,
  getPlanContent,
  referenceVideoTolerances,
  type TreatmentPlanRow,
  type UserRow,
} from "@fizio/db";
import { AppError, effectiveTolerances, PLAN_TRANSITIONS, pickActivityFields } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { romResultsOf } from "../assessments/rom-results";

/**
 * A plan the actor may touch: FIZ121 when missing, and the patient's access rules (FIZ415 organisation,
 * FIZ109 roster). `lock` holds the plan's row until the transaction ends.
 */
export async function loadPlanFor(
  actor: UserRow,
  planId: string,
  db: DbOrTx,
  options: { lock?: boolean } = {},
): Promise<TreatmentPlanRow> {
  const plan = options.lock ? await findPlanForUpdate(db, planId) : await findPlan(db, planId);
  if (!plan) throw new AppError("FIZ121");
  await loadPatientFor(actor, plan.patientId, db);
  return plan;
}

/**
 * The whole plan as the plan page shows it; sending it back to plans.update keeps every id. Each activity also
 * says its own tolerance (a progression's, or null) and the tolerances its recordings are scored with: per joint,
 * the reference video's unless the activity has its own. plans.update ignores both (only plans.progress sets it).
 */
export async function planDetail(db: DbOrTx, plan: TreatmentPlanRow) {
  const content = await getPlanContent(db, plan.id);
  const videoTolerances = await referenceVideoTolerances(
    db,
    content.sessions.flatMap((s) => s.activities.flatMap((a) => a.referenceVideoId ?? [])),
  );
  const rom = await romResultsOf(
    db,
    content.assessments.flatMap(({ patientAssessmentId: id, givenKind: kind, romVideoIds }) =>
      id && kind && romVideoIds ? [{ id, patientId: plan.patientId, kind, romVideoIds }] : [],
    ),
  );
  return {
    id: plan.id,
    patientId: plan.patientId,
    providerId: plan.providerId,
    name: plan.name,
    status: plan.status,
    allowedTransitions: PLAN_TRANSITIONS[plan.status],
    stage: plan.stage,
    longTermGoal: plan.longTermGoal,
    diagnosis: plan.diagnosis,
    creationMode: plan.creationMode,
    templateId: plan.templateId,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    statusChangedAt: plan.statusChangedAt,
    sessions: content.sessions.map((s) => ({
      id: s.id,
      date: s.date,
      sessionTemplateId: s.sessionTemplateId,
      activities: s.activities.map((a) => ({
        id: a.id,
        ...pickActivityFields(a),
        startedAt: a.startedAt,
        tolerance: a.tolerance,
        effectiveTolerances: effectiveTolerances(
          a.referenceVideoId ? (videoTolerances.get(a.referenceVideoId) ?? []) : [],
          a.tolerance,
        ),
      })),
    })),
    // A given ROM assessment with the range measured per joint.
    assessments: content.assessments.map(({ givenKind: _, romVideoIds: __, ...a }) => ({
      ...a,
      movements: a.patientAssessmentId ? (rom.get(a.patientAssessmentId) ?? null) : null,
    })),
    assessmentTemplateIds: content.assessments.map((a) => a.assessmentTemplateId),
  };
}
