import type {
  Answers,
  ListAssessmentRecordsInput,
  ListTemplatesInput,
  RomSessionFacts,
  RomVideoFacts,
} from "@fizio/domain";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  activitySessions,
  assessmentTemplates,
  patientAssessments,
  recordings,
  referenceVideos,
  users,
} from "../schema";
import { containsAny, offsetOf, type Page } from "./paging";

export type AssessmentTemplateRow = typeof assessmentTemplates.$inferSelect;
export type NewAssessmentTemplate = typeof assessmentTemplates.$inferInsert;
export type PatientAssessmentRow = typeof patientAssessments.$inferSelect;
export type NewPatientAssessment = typeof patientAssessments.$inferInsert;

const live = isNull(assessmentTemplates.deletedAt);

export async function insertAssessmentTemplate(
  db: DbOrTx,
  values: NewAssessmentTemplate,
): Promise<AssessmentTemplateRow> {
  const [row] = await db.insert(assessmentTemplates).values(values).returning();
  return row!;
}

export async function updateAssessmentTemplate(
  db: DbOrTx,
  id: string,
  values: Pick<NewAssessmentTemplate, "name" | "description" | "questions" | "kind" | "romVideoIds">,
): Promise<AssessmentTemplateRow> {
  const [row] = await db
    .update(assessmentTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assessmentTemplates.id, id))
    .returning();
  return row!;
}

export async function softDeleteAssessmentTemplate(db: DbOrTx, id: string): Promise<void> {
  await db.update(assessmentTemplates).set({ deletedAt: new Date() }).where(eq(assessmentTemplates.id, id));
}

/** A live (not deleted) template, of any organisation: callers check the organisation. */
export async function findAssessmentTemplate(
  db: DbOrTx,
  id: string,
): Promise<AssessmentTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentTemplates)
    .where(and(eq(assessmentTemplates.id, id), live));
  return row;
}

/** How many of these ids are live templates of the organisation. */
export async function countLiveAssessmentTemplates(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(assessmentTemplates)
    .where(
      and(
        eq(assessmentTemplates.organizationId, organizationId),
        inArray(assessmentTemplates.id, [...ids]),
        live,
      ),
    );
  return row?.value ?? 0;
}

export async function findIntakeTemplate(
  db: DbOrTx,
  organizationId: string,
): Promise<AssessmentTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentTemplates)
    .where(
      and(
        eq(assessmentTemplates.organizationId, organizationId),
        eq(assessmentTemplates.isIntake, true),
        live,
      ),
    );
  return row;
}

export async function listAssessmentTemplates(db: DbOrTx, organizationId: string, input: ListTemplatesInput) {
  const where = and(
    eq(assessmentTemplates.organizationId, organizationId),
    live,
    containsAny(input.search, [assessmentTemplates.name]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: assessmentTemplates.id,
        name: assessmentTemplates.name,
        description: assessmentTemplates.description,
        isIntake: assessmentTemplates.isIntake,
        kind: assessmentTemplates.kind,
        questionCount: sql<number>`jsonb_array_length(${assessmentTemplates.questions})::int`,
        romVideoCount: sql<number>`jsonb_array_length(${assessmentTemplates.romVideoIds})::int`,
        updatedAt: assessmentTemplates.updatedAt,
      })
      .from(assessmentTemplates)
      .where(where)
      .orderBy(desc(assessmentTemplates.isIntake), asc(sql`lower(${assessmentTemplates.name})`))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ value: count() }).from(assessmentTemplates).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

// Assessments given to patients

export async function insertPatientAssessment(
  db: DbOrTx,
  values: NewPatientAssessment,
): Promise<PatientAssessmentRow> {
  const [row] = await db.insert(patientAssessments).values(values).returning();
  return row!;
}

export async function findPatientAssessment(
  db: DbOrTx,
  id: string,
): Promise<PatientAssessmentRow | undefined> {
  const [row] = await db.select().from(patientAssessments).where(eq(patientAssessments.id, id));
  return row;
}

/** Undefined when it was already submitted: the status check and the write are one statement. */
export async function submitPatientAssessment(
  db: DbOrTx,
  id: string,
  answers: Answers,
): Promise<PatientAssessmentRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(patientAssessments)
    .set({ answers, status: "SUBMITTED", submittedAt: now, updatedAt: now })
    .where(and(eq(patientAssessments.id, id), eq(patientAssessments.status, "ASSIGNED")))
    .returning();
  return row;
}

export async function listOwnAssessments(db: DbOrTx, patientId: string) {
  return db
    .select({
      id: patientAssessments.id,
      name: patientAssessments.name,
      status: patientAssessments.status,
      isIntake: patientAssessments.isIntake,
      kind: patientAssessments.kind,
      questionCount: sql<number>`jsonb_array_length(${patientAssessments.questions})::int`,
      romVideoCount: sql<number>`jsonb_array_length(${patientAssessments.romVideoIds})::int`,
      assignedAt: patientAssessments.assignedAt,
      submittedAt: patientAssessments.submittedAt,
    })
    .from(patientAssessments)
    .where(eq(patientAssessments.patientId, patientId))
    .orderBy(asc(patientAssessments.status), desc(patientAssessments.assignedAt));
}

export interface RecordScope {
  organizationId: string;
  /** A provider sees the patients on their roster only. */
  providerId?: string;
}

/** /records/assessments: every assessment of the organisation's (or the provider's) patients. */
export async function listAssessmentRecords(
  db: DbOrTx,
  scope: RecordScope,
  input: ListAssessmentRecordsInput,
): Promise<Page<AssessmentRecord>> {
  const where = and(
    eq(patientAssessments.organizationId, scope.organizationId),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    input.patientId ? eq(patientAssessments.patientId, input.patientId) : undefined,
    input.status ? eq(patientAssessments.status, input.status) : undefined,
    containsAny(input.search, [patientAssessments.name, sql`${users.firstName} || ' ' || ${users.lastName}`]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: patientAssessments.id,
        name: patientAssessments.name,
        status: patientAssessments.status,
        isIntake: patientAssessments.isIntake,
        kind: patientAssessments.kind,
        romVideoIds: patientAssessments.romVideoIds,
        assignedAt: patientAssessments.assignedAt,
        submittedAt: patientAssessments.submittedAt,
        patientId: patientAssessments.patientId,
        patientFirstName: users.firstName,
        patientLastName: users.lastName,
      })
      .from(patientAssessments)
      .innerJoin(users, eq(users.id, patientAssessments.patientId))
      .where(where)
      .orderBy(desc(patientAssessments.assignedAt), asc(patientAssessments.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ value: count() })
      .from(patientAssessments)
      .innerJoin(users, eq(users.id, patientAssessments.patientId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

export interface AssessmentRecord {
  id: string;
  name: string;
  status: PatientAssessmentRow["status"];
  isIntake: boolean;
  kind: PatientAssessmentRow["kind"];
  romVideoIds: string[];
  assignedAt: Date;
  submittedAt: Date | null;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
}

// Range-of-motion assessments

/** The ROM videos assessments name, deleted ones too: an assessment keeps the movements it was given. */
export async function findRomVideos(db: DbOrTx, ids: readonly string[]): Promise<RomVideoFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: referenceVideos.id,
      name: referenceVideos.name,
      mainJoint: referenceVideos.mainJoint,
      side: referenceVideos.side,
      bodyView: referenceVideos.bodyView,
    })
    .from(referenceVideos)
    .where(inArray(referenceVideos.id, [...new Set(ids)]));
}

type RomJoints = NonNullable<RomSessionFacts["recording"]>["joints"];

export interface RomSessionRow extends RomSessionFacts {
  patientId: string;
  patientAssessmentId: string;
}

/**
 * The completed activity sessions of these patients' ROM assessments with their recording's analysis: only
 * each joint's measured range is read from the result, not its per-frame series.
 */
export async function listRomSessions(db: DbOrTx, patientIds: readonly string[]): Promise<RomSessionRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({
      patientId: activitySessions.patientId,
      patientAssessmentId: activitySessions.patientAssessmentId,
      referenceVideoId: activitySessions.referenceVideoId,
      completedAt: activitySessions.completedAt,
      recordingId: recordings.id,
      analysisStatus: recordings.analysisStatus,
      failureCode: recordings.failureCode,
      joints: sql<RomJoints>`coalesce((
        select jsonb_agg(jsonb_build_object('joint', j->'joint', 'side', j->'side', 'measured', j->'measured', 'unmeasurable', j->'unmeasurable'))
        from jsonb_array_elements(${recordings.analysisResult}->'joints') j
      ), '[]'::jsonb)`,
    })
    .from(activitySessions)
    .leftJoin(recordings, eq(recordings.id, activitySessions.recordingId))
    .where(
      and(
        inArray(activitySessions.patientId, [...new Set(patientIds)]),
        isNotNull(activitySessions.patientAssessmentId),
        isNotNull(activitySessions.referenceVideoId),
        isNotNull(activitySessions.completedAt),
      ),
    );
  return rows.map((r) => ({
    patientId: r.patientId,
    patientAssessmentId: r.patientAssessmentId!,
    referenceVideoId: r.referenceVideoId!,
    completedAt: r.completedAt!,
    recording:
      r.recordingId && r.analysisStatus
        ? { analysisStatus: r.analysisStatus, failureCode: r.failureCode, joints: r.joints }
        : null,
  }));
}

/** Undefined when it was already submitted (another tab recorded the last movement first). */
export async function markRomAssessmentRecorded(
  db: DbOrTx,
  id: string,
): Promise<PatientAssessmentRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(patientAssessments)
    .set({ status: "SUBMITTED", submittedAt: now, updatedAt: now })
    .where(and(eq(patientAssessments.id, id), eq(patientAssessments.status, "ASSIGNED")))
    .returning();
  return row;
}
