import type { Answers, ListAssessmentRecordsInput, ListTemplatesInput } from "@fizio/domain";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { assessmentTemplates, patientAssessments, users } from "../schema";
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
  values: Pick<NewAssessmentTemplate, "name" | "description" | "questions">,
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
        questionCount: sql<number>`jsonb_array_length(${assessmentTemplates.questions})::int`,
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
      questionCount: sql<number>`jsonb_array_length(${patientAssessments.questions})::int`,
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
  assignedAt: Date;
  submittedAt: Date | null;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
}
