import {
  type ActivityAttempt,
  type ActivityFields,
  type ListPlanRecordsInput,
  type ListTemplatesInput,
  type PlanStatus,
  pickActivityFields,
  planAssessmentName,
} from "@fizio/domain";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import {
  activitySessions,
  activityTemplates,
  assessmentTemplates,
  patientAssessments,
  planActivities,
  planAssessments,
  planSessions,
  planTemplateAssessments,
  planTemplateSessions,
  planTemplates,
  sessionTemplateActivities,
  sessionTemplates,
  treatmentPlans,
  users,
} from "../schema";
import type { RecordScope } from "./assessments";
import { containsAny, offsetOf, type Page } from "./paging";

export type ActivityTemplateRow = typeof activityTemplates.$inferSelect;
export type SessionTemplateRow = typeof sessionTemplates.$inferSelect;
export type SessionTemplateActivityRow = typeof sessionTemplateActivities.$inferSelect;
export type PlanTemplateRow = typeof planTemplates.$inferSelect;
export type TreatmentPlanRow = typeof treatmentPlans.$inferSelect;
export type NewTreatmentPlan = typeof treatmentPlans.$inferInsert;
export type PlanSessionRow = typeof planSessions.$inferSelect;
export type PlanActivityRow = typeof planActivities.$inferSelect;

interface TemplateOwner {
  organizationId: string;
  createdBy: string | null;
}

const byName = (column: AnyColumn) => asc(sql`lower(${column})`);

// Activity library

export async function insertActivityTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  fields: ActivityFields,
): Promise<ActivityTemplateRow> {
  const [row] = await db
    .insert(activityTemplates)
    .values({ ...owner, ...pickActivityFields(fields) })
    .returning();
  return row!;
}

export async function updateActivityTemplate(
  db: DbOrTx,
  id: string,
  fields: ActivityFields,
): Promise<ActivityTemplateRow> {
  const [row] = await db
    .update(activityTemplates)
    .set({ ...pickActivityFields(fields), updatedAt: new Date() })
    .where(eq(activityTemplates.id, id))
    .returning();
  return row!;
}

export async function findActivityTemplate(db: DbOrTx, id: string): Promise<ActivityTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(activityTemplates)
    .where(and(eq(activityTemplates.id, id), isNull(activityTemplates.deletedAt)));
  return row;
}

export async function softDeleteActivityTemplate(db: DbOrTx, id: string): Promise<void> {
  await db.update(activityTemplates).set({ deletedAt: new Date() }).where(eq(activityTemplates.id, id));
}

export async function listActivityTemplates(db: DbOrTx, organizationId: string, input: ListTemplatesInput) {
  const where = and(
    eq(activityTemplates.organizationId, organizationId),
    isNull(activityTemplates.deletedAt),
    containsAny(input.search, [activityTemplates.name, activityTemplates.description]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: activityTemplates.id,
        name: activityTemplates.name,
        type: activityTemplates.type,
        description: activityTemplates.description,
        updatedAt: activityTemplates.updatedAt,
      })
      .from(activityTemplates)
      .where(where)
      .orderBy(byName(activityTemplates.name))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ value: count() }).from(activityTemplates).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

// Session templates

async function insertSessionTemplateActivities(
  db: DbOrTx,
  sessionTemplateId: string,
  activities: readonly ActivityFields[],
) {
  if (activities.length === 0) return;
  await db
    .insert(sessionTemplateActivities)
    .values(activities.map((a, position) => ({ sessionTemplateId, position, ...pickActivityFields(a) })));
}

export async function insertSessionTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  values: { name: string; description: string | null },
  activities: readonly ActivityFields[],
): Promise<SessionTemplateRow> {
  const [row] = await db
    .insert(sessionTemplates)
    .values({ ...owner, ...values })
    .returning();
  await insertSessionTemplateActivities(db, row!.id, activities);
  return row!;
}

/** Replaces the activities: a session template's activities are only ever copied, so nothing refers to them. */
export async function updateSessionTemplate(
  db: DbOrTx,
  id: string,
  values: { name: string; description: string | null },
  activities: readonly ActivityFields[],
): Promise<SessionTemplateRow> {
  const [row] = await db
    .update(sessionTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sessionTemplates.id, id))
    .returning();
  await db.delete(sessionTemplateActivities).where(eq(sessionTemplateActivities.sessionTemplateId, id));
  await insertSessionTemplateActivities(db, id, activities);
  return row!;
}

export async function findSessionTemplate(db: DbOrTx, id: string): Promise<SessionTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(sessionTemplates)
    .where(and(eq(sessionTemplates.id, id), isNull(sessionTemplates.deletedAt)));
  return row;
}

/** Activities of session templates (deleted ones included), in order, keyed by template id. */
export async function findSessionTemplateActivities(
  db: DbOrTx,
  sessionTemplateIds: readonly string[],
): Promise<Map<string, SessionTemplateActivityRow[]>> {
  const byTemplate = new Map<string, SessionTemplateActivityRow[]>();
  if (sessionTemplateIds.length === 0) return byTemplate;
  const rows = await db
    .select()
    .from(sessionTemplateActivities)
    .where(inArray(sessionTemplateActivities.sessionTemplateId, [...sessionTemplateIds]))
    .orderBy(asc(sessionTemplateActivities.position));
  for (const row of rows) {
    const list = byTemplate.get(row.sessionTemplateId) ?? [];
    list.push(row);
    byTemplate.set(row.sessionTemplateId, list);
  }
  return byTemplate;
}

export async function countLiveSessionTemplates(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(sessionTemplates)
    .where(
      and(
        eq(sessionTemplates.organizationId, organizationId),
        inArray(sessionTemplates.id, unique),
        isNull(sessionTemplates.deletedAt),
      ),
    );
  return row?.value ?? 0;
}

export async function softDeleteSessionTemplate(db: DbOrTx, id: string): Promise<void> {
  await db.update(sessionTemplates).set({ deletedAt: new Date() }).where(eq(sessionTemplates.id, id));
}

export async function listSessionTemplates(db: DbOrTx, organizationId: string, input: ListTemplatesInput) {
  const where = and(
    eq(sessionTemplates.organizationId, organizationId),
    isNull(sessionTemplates.deletedAt),
    containsAny(input.search, [sessionTemplates.name, sessionTemplates.description]),
  );
  const activityCount = db
    .select({ value: count() })
    .from(sessionTemplateActivities)
    .where(eq(sessionTemplateActivities.sessionTemplateId, sessionTemplates.id));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: sessionTemplates.id,
        name: sessionTemplates.name,
        description: sessionTemplates.description,
        activityCount: sql<number>`(${activityCount})::int`,
        updatedAt: sessionTemplates.updatedAt,
      })
      .from(sessionTemplates)
      .where(where)
      .orderBy(byName(sessionTemplates.name))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ value: count() }).from(sessionTemplates).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

// Plan templates

export interface PlanTemplateValues {
  name: string;
  description: string | null;
  stage: PlanTemplateRow["stage"];
  longTermGoal: string | null;
  diagnosis: string | null;
}

export interface PlanTemplateSchedule {
  sessions: readonly { sessionTemplateId: string; dayOffset: number }[];
  assessmentTemplateIds: readonly string[];
}

async function insertPlanTemplateSchedule(
  db: DbOrTx,
  planTemplateId: string,
  schedule: PlanTemplateSchedule,
) {
  await db
    .insert(planTemplateSessions)
    .values(schedule.sessions.map((s, position) => ({ planTemplateId, position, ...s })));
  await db.insert(planTemplateAssessments).values(
    schedule.assessmentTemplateIds.map((assessmentTemplateId, position) => ({
      planTemplateId,
      assessmentTemplateId,
      position,
    })),
  );
}

export async function insertPlanTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  values: PlanTemplateValues,
  schedule: PlanTemplateSchedule,
): Promise<PlanTemplateRow> {
  const [row] = await db
    .insert(planTemplates)
    .values({ ...owner, ...values })
    .returning();
  await insertPlanTemplateSchedule(db, row!.id, schedule);
  return row!;
}

export async function updatePlanTemplate(
  db: DbOrTx,
  id: string,
  values: PlanTemplateValues,
  schedule: PlanTemplateSchedule,
): Promise<PlanTemplateRow> {
  const [row] = await db
    .update(planTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(planTemplates.id, id))
    .returning();
  await db.delete(planTemplateSessions).where(eq(planTemplateSessions.planTemplateId, id));
  await db.delete(planTemplateAssessments).where(eq(planTemplateAssessments.planTemplateId, id));
  await insertPlanTemplateSchedule(db, id, schedule);
  return row!;
}

export async function findPlanTemplate(db: DbOrTx, id: string): Promise<PlanTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(planTemplates)
    .where(and(eq(planTemplates.id, id), isNull(planTemplates.deletedAt)));
  return row;
}

/** A plan template's sessions (with their session template's name and activities) and assessments. */
export async function getPlanTemplateContent(db: DbOrTx, planTemplateId: string) {
  // One query at a time: db may be a transaction, which runs on a single connection.
  const sessions = await db
    .select({
      id: planTemplateSessions.id,
      sessionTemplateId: planTemplateSessions.sessionTemplateId,
      sessionTemplateName: sessionTemplates.name,
      dayOffset: planTemplateSessions.dayOffset,
    })
    .from(planTemplateSessions)
    .innerJoin(sessionTemplates, eq(sessionTemplates.id, planTemplateSessions.sessionTemplateId))
    .where(eq(planTemplateSessions.planTemplateId, planTemplateId))
    .orderBy(asc(planTemplateSessions.position));
  const assessments = await db
    .select({ id: assessmentTemplates.id, name: assessmentTemplates.name })
    .from(planTemplateAssessments)
    .innerJoin(assessmentTemplates, eq(assessmentTemplates.id, planTemplateAssessments.assessmentTemplateId))
    .where(eq(planTemplateAssessments.planTemplateId, planTemplateId))
    .orderBy(asc(planTemplateAssessments.position));
  const activities = await findSessionTemplateActivities(
    db,
    sessions.map((s) => s.sessionTemplateId),
  );
  return {
    sessions: sessions.map((s) => ({
      ...s,
      activities: (activities.get(s.sessionTemplateId) ?? []).map(pickActivityFields),
    })),
    assessments,
  };
}

export async function softDeletePlanTemplate(db: DbOrTx, id: string): Promise<void> {
  await db.update(planTemplates).set({ deletedAt: new Date() }).where(eq(planTemplates.id, id));
}

export async function listPlanTemplates(db: DbOrTx, organizationId: string, input: ListTemplatesInput) {
  const where = and(
    eq(planTemplates.organizationId, organizationId),
    isNull(planTemplates.deletedAt),
    containsAny(input.search, [planTemplates.name, planTemplates.description]),
  );
  const sessionCount = db
    .select({ value: count() })
    .from(planTemplateSessions)
    .where(eq(planTemplateSessions.planTemplateId, planTemplates.id));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: planTemplates.id,
        name: planTemplates.name,
        description: planTemplates.description,
        stage: planTemplates.stage,
        sessionCount: sql<number>`(${sessionCount})::int`,
        updatedAt: planTemplates.updatedAt,
      })
      .from(planTemplates)
      .where(where)
      .orderBy(byName(planTemplates.name))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ value: count() }).from(planTemplates).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

// Patients' treatment plans

export interface PlanContent {
  sessions: readonly {
    id?: string;
    date: string;
    sessionTemplateId?: string | null;
    activities: readonly (ActivityFields & { id?: string })[];
  }[];
  assessmentTemplateIds: readonly string[];
}

export async function insertPlan(
  db: DbOrTx,
  values: NewTreatmentPlan,
  content: PlanContent,
): Promise<TreatmentPlanRow> {
  const [plan] = await db.insert(treatmentPlans).values(values).returning();
  await writePlanContent(db, plan!, content);
  return plan!;
}

/**
 * Makes the stored sessions, activities and assessments match `content`: rows sent back with an id are
 * updated (a started activity keeps its startedAt), rows without one inserted, the rest deleted. Activities
 * move before sessions are deleted, so an activity moved out of a removed session survives.
 */
async function writePlanContent(db: DbOrTx, plan: TreatmentPlanRow, content: PlanContent) {
  const sessionIds: string[] = [];
  for (const [position, session] of content.sessions.entries()) {
    if (session.id) {
      await db
        .update(planSessions)
        .set({ date: session.date, position })
        .where(and(eq(planSessions.id, session.id), eq(planSessions.planId, plan.id)));
      sessionIds.push(session.id);
    } else {
      const [row] = await db
        .insert(planSessions)
        .values({
          planId: plan.id,
          position,
          date: session.date,
          sessionTemplateId: session.sessionTemplateId ?? null,
        })
        .returning({ id: planSessions.id });
      sessionIds.push(row!.id);
    }
  }

  const activityIds: string[] = [];
  for (const [i, session] of content.sessions.entries()) {
    const sessionId = sessionIds[i]!;
    for (const [position, activity] of session.activities.entries()) {
      const fields = { ...pickActivityFields(activity), sessionId, position };
      if (activity.id) {
        await db
          .update(planActivities)
          .set(fields)
          .where(and(eq(planActivities.id, activity.id), eq(planActivities.planId, plan.id)));
        activityIds.push(activity.id);
      } else {
        const [row] = await db
          .insert(planActivities)
          .values({ ...fields, planId: plan.id })
          .returning({ id: planActivities.id });
        activityIds.push(row!.id);
      }
    }
  }
  const removed = and(eq(planActivities.planId, plan.id), notInArray(planActivities.id, activityIds));
  // The editor only lets an activity go before the patient began it; sessions they merely opened go with it.
  await deleteUnbegunSessions(db, db.select({ id: planActivities.id }).from(planActivities).where(removed));
  await db.delete(planActivities).where(removed);
  await db
    .delete(planSessions)
    .where(and(eq(planSessions.planId, plan.id), notInArray(planSessions.id, sessionIds)));

  const templateIds = [...content.assessmentTemplateIds];
  await db
    .delete(planAssessments)
    .where(
      and(eq(planAssessments.planId, plan.id), notInArray(planAssessments.assessmentTemplateId, templateIds)),
    );
  await db
    .insert(planAssessments)
    .values(
      templateIds.map((assessmentTemplateId, position) => ({
        planId: plan.id,
        assessmentTemplateId,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: [planAssessments.planId, planAssessments.assessmentTemplateId],
      set: { position: sql`excluded.position` },
    });
}

export async function updatePlan(
  db: DbOrTx,
  plan: TreatmentPlanRow,
  values: Pick<NewTreatmentPlan, "name" | "stage" | "longTermGoal" | "diagnosis">,
  content: PlanContent,
): Promise<TreatmentPlanRow> {
  const [row] = await db
    .update(treatmentPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(treatmentPlans.id, plan.id))
    .returning();
  await writePlanContent(db, row!, content);
  return row!;
}

export async function findPlan(db: DbOrTx, id: string): Promise<TreatmentPlanRow | undefined> {
  const [row] = await db.select().from(treatmentPlans).where(eq(treatmentPlans.id, id));
  return row;
}

/**
 * The plan, locked until the transaction ends: every write to a plan (edit, status, delete, an activity
 * starting) takes this lock first, so a rule checked against the plan still holds when the write lands.
 */
export async function findPlanForUpdate(db: DbOrTx, id: string): Promise<TreatmentPlanRow | undefined> {
  const [row] = await db.select().from(treatmentPlans).where(eq(treatmentPlans.id, id)).for("update");
  return row;
}

// The patient's home and to-do read the current plan on every visit: prepared statements (see preparedQuery).
const currentPlan = preparedQuery("current_plan", (db, name) =>
  db
    .select()
    .from(treatmentPlans)
    .where(
      and(eq(treatmentPlans.patientId, sql.placeholder("patientId")), eq(treatmentPlans.status, "CURRENT")),
    )
    .prepare(name),
);

export async function findCurrentPlan(db: DbOrTx, patientId: string): Promise<TreatmentPlanRow | undefined> {
  const [row] = await currentPlan(db).execute({ patientId });
  return row;
}

const planSessionsOf = preparedQuery("plan_sessions_of", (db, name) =>
  db
    .select()
    .from(planSessions)
    .where(eq(planSessions.planId, sql.placeholder("planId")))
    .orderBy(asc(planSessions.position))
    .prepare(name),
);

const planActivitiesOf = preparedQuery("plan_activities_of", (db, name) =>
  db
    .select()
    .from(planActivities)
    .where(eq(planActivities.planId, sql.placeholder("planId")))
    .orderBy(asc(planActivities.position))
    .prepare(name),
);

const planAssessmentsOf = preparedQuery("plan_assessments_of", (db, name) =>
  db
    .select({
      assessmentTemplateId: planAssessments.assessmentTemplateId,
      name: assessmentTemplates.name,
      kind: assessmentTemplates.kind,
      patientAssessmentId: planAssessments.patientAssessmentId,
      status: patientAssessments.status,
      givenKind: patientAssessments.kind,
      romVideoIds: patientAssessments.romVideoIds,
    })
    .from(planAssessments)
    .innerJoin(assessmentTemplates, eq(assessmentTemplates.id, planAssessments.assessmentTemplateId))
    .leftJoin(patientAssessments, eq(patientAssessments.id, planAssessments.patientAssessmentId))
    .where(eq(planAssessments.planId, sql.placeholder("planId")))
    .orderBy(asc(planAssessments.position))
    .prepare(name),
);

/** Sessions in order with their activities, and the plan's assessments with the patient's copy when given. */
export async function getPlanContent(db: DbOrTx, planId: string) {
  // One query at a time: db may be a transaction, which runs on a single connection.
  const sessions = await planSessionsOf(db).execute({ planId });
  const activities = await planActivitiesOf(db).execute({ planId });
  const assessments = await planAssessmentsOf(db).execute({ planId });
  return {
    sessions: sessions.map((s) => ({ ...s, activities: activities.filter((a) => a.sessionId === s.id) })),
    assessments,
  };
}

// The patient's home and to-do: their current plan's sessions and activities, and what they began of each,
// in one statement (drizzle's relational query nests them as JSON) instead of five round trips.
const currentPlanSchedule = preparedQuery("current_plan_schedule", (db, name) =>
  db.query.treatmentPlans
    .findFirst({
      where: (plan, { and, eq }) =>
        and(eq(plan.patientId, sql.placeholder("patientId")), eq(plan.status, "CURRENT")),
      with: {
        sessions: {
          orderBy: (session, { asc }) => [asc(session.position)],
          with: { activities: { orderBy: (activity, { asc }) => [asc(activity.position)] } },
        },
      },
      extras: (plan, { sql }) => ({
        // Aliases written out: the relational query would qualify any column given here with the plan's alias.
        // The sessions the patient began, for each activity's state (activityState); one only opened counts for
        // nothing, so it is left out here.
        attempts: sql<
          AttemptRow[]
        >`(select coalesce(json_agg(json_build_object('activityId', pa.id, 'begunAt', s.begun_at, 'completedAt', s.completed_at, 'stoppedEarly', s.stopped_early) order by s.begun_at, s.id), '[]') from ${activitySessions} s join ${planActivities} pa on pa.id = s.plan_activity_id where pa.plan_id = ${plan.id} and s.begun_at is not null)`.as(
          "attempts",
        ),
      }),
    })
    .prepare(name),
);

/**
 * The patient's current plan with its sessions in order, each with its activities in order (as getPlanContent has
 * them), and each activity's sessions the patient began (for activityState).
 */
export async function findCurrentPlanSchedule(db: DbOrTx, patientId: string) {
  const found = await currentPlanSchedule(db).execute({ patientId });
  if (!found) return undefined;
  const { sessions, attempts: rows, ...plan } = found;
  return { plan, sessions, attempts: attemptsByActivity(rows) };
}

interface AttemptRow {
  activityId: string;
  /** JSON's timestamp text. */
  begunAt: string | null;
  completedAt: string | null;
  stoppedEarly: boolean;
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/** Each activity's begun sessions, as activityState reads them. */
export function attemptsByActivity(rows: readonly AttemptRow[]): Map<string, ActivityAttempt[]> {
  const byActivity = new Map<string, ActivityAttempt[]>();
  for (const row of rows) {
    const attempt = {
      begunAt: dateOrNull(row.begunAt),
      completedAt: dateOrNull(row.completedAt),
      stoppedEarly: row.stoppedEarly,
    };
    byActivity.set(row.activityId, [...(byActivity.get(row.activityId) ?? []), attempt]);
  }
  return byActivity;
}

/** Undefined when the plan is no longer in `from` (someone else changed it first). */
export async function setPlanStatus(
  db: DbOrTx,
  planId: string,
  from: PlanStatus,
  to: PlanStatus,
): Promise<TreatmentPlanRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(treatmentPlans)
    .set({ status: to, statusChangedAt: now, updatedAt: now })
    .where(and(eq(treatmentPlans.id, planId), eq(treatmentPlans.status, from)))
    .returning();
  return row;
}

/** How many of the plan's activities the patient has started (each holds their sessions and recordings). */
export async function countStartedActivities(db: DbOrTx, planId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planActivities)
    .where(and(eq(planActivities.planId, planId), isNotNull(planActivities.startedAt)));
  return row?.n ?? 0;
}

/**
 * Removes a plan and its parts; the caller has checked it records no care (assertPlanDeletable). Sessions the
 * patient only opened, never began, record nothing and go with it.
 */
export async function deletePlan(db: DbOrTx, planId: string): Promise<void> {
  await deleteUnbegunSessions(
    db,
    db.select({ id: planActivities.id }).from(planActivities).where(eq(planActivities.planId, planId)),
  );
  await db.delete(treatmentPlans).where(eq(treatmentPlans.id, planId));
}

/** Sessions of these activities that were opened but never begun: they record nothing (activityState). */
async function deleteUnbegunSessions(db: DbOrTx, activityIds: SQLWrapper) {
  await db
    .delete(activitySessions)
    .where(and(isNull(activitySessions.begunAt), inArray(activitySessions.planActivityId, activityIds)));
}

/**
 * Gives the patient their own copy of each plan assessment not given yet (when the plan goes live, or an
 * assessment is added to a live plan). Returns the new patient assessments.
 */
export async function assignPlanAssessments(db: DbOrTx, plan: TreatmentPlanRow, assignedBy: string) {
  const pending = await db
    .select({
      templateId: assessmentTemplates.id,
      name: assessmentTemplates.name,
      questions: assessmentTemplates.questions,
      kind: assessmentTemplates.kind,
      romVideoIds: assessmentTemplates.romVideoIds,
    })
    .from(planAssessments)
    .innerJoin(assessmentTemplates, eq(assessmentTemplates.id, planAssessments.assessmentTemplateId))
    .where(and(eq(planAssessments.planId, plan.id), isNull(planAssessments.patientAssessmentId)))
    .orderBy(asc(planAssessments.position));
  const assigned = [];
  for (const template of pending) {
    const [row] = await db
      .insert(patientAssessments)
      .values({
        organizationId: plan.organizationId,
        patientId: plan.patientId,
        templateId: template.templateId,
        name: planAssessmentName(template.name, plan.name),
        questions: template.questions,
        kind: template.kind,
        romVideoIds: template.romVideoIds,
        assignedBy,
      })
      .returning();
    await db
      .update(planAssessments)
      .set({ patientAssessmentId: row!.id })
      .where(
        and(
          eq(planAssessments.planId, plan.id),
          eq(planAssessments.assessmentTemplateId, template.templateId),
        ),
      );
    assigned.push(row!);
  }
  return assigned;
}

export interface PlanRecord {
  id: string;
  name: string;
  status: PlanStatus;
  stage: TreatmentPlanRow["stage"];
  creationMode: TreatmentPlanRow["creationMode"];
  createdAt: Date;
  statusChangedAt: Date;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  providerId: string;
  firstSessionDate: string | null;
  lastSessionDate: string | null;
}

/** /records/treatment-plans and a patient's plan list: plans of the organisation's (or the roster's) patients. */
export async function listPlans(
  db: DbOrTx,
  scope: RecordScope,
  input: ListPlanRecordsInput,
): Promise<Page<PlanRecord>> {
  const where = and(
    eq(treatmentPlans.organizationId, scope.organizationId),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    input.patientId ? eq(treatmentPlans.patientId, input.patientId) : undefined,
    input.status ? eq(treatmentPlans.status, input.status) : undefined,
    containsAny(input.search, [treatmentPlans.name, sql`${users.firstName} || ' ' || ${users.lastName}`]),
  );
  const sessionDates = (fn: "min" | "max") =>
    sql<
      string | null
    >`(select ${sql.raw(fn)}(${planSessions.date})::text from ${planSessions} where ${planSessions.planId} = ${treatmentPlans.id})`;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: treatmentPlans.id,
        name: treatmentPlans.name,
        status: treatmentPlans.status,
        stage: treatmentPlans.stage,
        creationMode: treatmentPlans.creationMode,
        createdAt: treatmentPlans.createdAt,
        statusChangedAt: treatmentPlans.statusChangedAt,
        patientId: treatmentPlans.patientId,
        patientFirstName: users.firstName,
        patientLastName: users.lastName,
        providerId: treatmentPlans.providerId,
        firstSessionDate: sessionDates("min"),
        lastSessionDate: sessionDates("max"),
      })
      .from(treatmentPlans)
      .innerJoin(users, eq(users.id, treatmentPlans.patientId))
      .where(where)
      .orderBy(desc(treatmentPlans.createdAt), asc(treatmentPlans.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ value: count() })
      .from(treatmentPlans)
      .innerJoin(users, eq(users.id, treatmentPlans.patientId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

// The patient's activities

/** An activity with the session and plan it belongs to. */
export async function findPlanActivity(db: DbOrTx, activityId: string) {
  const [row] = await db
    .select({ activity: planActivities, session: planSessions, plan: treatmentPlans })
    .from(planActivities)
    .innerJoin(planSessions, eq(planSessions.id, planActivities.sessionId))
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, planActivities.planId))
    .where(eq(planActivities.id, activityId));
  return row;
}

/** The first start counts: starting again keeps the original time. */
export async function markActivityStarted(db: DbOrTx, activityId: string): Promise<PlanActivityRow> {
  const [row] = await db
    .update(planActivities)
    .set({ startedAt: sql`coalesce(${planActivities.startedAt}, now())` })
    .where(eq(planActivities.id, activityId))
    .returning();
  return row!;
}

/**
 * A plan progression's new doses and tolerance, on activities the patient has not started (checked again here,
 * under the plan's lock, so a start that landed first is never rewritten). Returns how many rows changed.
 */
export async function setActivityDoses(
  db: DbOrTx,
  planId: string,
  targets: readonly {
    activityId: string;
    fields: Pick<ActivityFields, "reps" | "sets" | "duration">;
    tolerance: number | null;
  }[],
): Promise<number> {
  let changed = 0;
  for (const { activityId, fields, tolerance } of targets) {
    const rows = await db
      .update(planActivities)
      .set({ reps: fields.reps, sets: fields.sets, duration: fields.duration, tolerance })
      .where(
        and(
          eq(planActivities.id, activityId),
          eq(planActivities.planId, planId),
          isNull(planActivities.startedAt),
        ),
      )
      .returning({ id: planActivities.id });
    changed += rows.length;
  }
  await db.update(treatmentPlans).set({ updatedAt: new Date() }).where(eq(treatmentPlans.id, planId));
  return changed;
}
