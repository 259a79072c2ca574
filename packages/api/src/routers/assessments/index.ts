import {
  findAssessmentTemplate,
  findIntakeTemplate,
  findPatientAssessment,
  insertPatientAssessment,
  listOwnAssessments,
  type PatientAssessmentRow,
  submitPatientAssessment,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  assertAssessmentOpen,
  assertNotIntakeName,
  assertQuestionnaire,
  assertValidAnswers,
  assessmentIdInput,
  assignAssessmentInput,
  submitAssessmentInput,
} from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { notify } from "../../notifications/notify";
import { appProcedure, roleProcedure, router } from "../../trpc";
import { ownTemplate } from "../templates/own-template";
import { romResultsOf } from "./rom-results";

/** The assessment as its screens show it; a ROM assessment with its movements and their measured range. */
const view = async (db: Context["db"], row: PatientAssessmentRow) => ({
  id: row.id,
  patientId: row.patientId,
  templateId: row.templateId,
  name: row.name,
  kind: row.kind,
  status: row.status,
  isIntake: row.isIntake,
  questions: row.questions,
  answers: row.answers,
  assignedAt: row.assignedAt,
  submittedAt: row.submittedAt,
  movements: row.kind === "RANGE_OF_MOTION" ? ((await romResultsOf(db, [row])).get(row.id) ?? []) : null,
});

/** An assessment of the caller's organisation (FIZ122 missing, FIZ415 another's), the patient's own if a patient. */
async function readableAssessment(ctx: Context & { user: UserRow }, id: string) {
  const row = await findPatientAssessment(ctx.db, id);
  if (!row) throw new AppError("FIZ122");
  assertSameOrganization(ctx.user, "patient_assessment", row);
  if (ctx.user.role === "ROLE_PATIENT") {
    if (row.patientId !== ctx.user.id) throw new AppError("FIZ250");
  } else await loadPatientFor(ctx.user, row.patientId, ctx.db);
  return row;
}

/**
 * Gives a patient on the provider's roster a copy of a template's questions. The name defaults to the
 * template's; a patient's assessment names are unique (FIZ047) and the intake's name is reserved (FIZ046).
 */
const assign = roleProcedure("ROLE_PROVIDER")
  .input(assignAssessmentInput)
  .mutation(async ({ ctx, input }) => {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    const template = ownTemplate(ctx.user, await findAssessmentTemplate(ctx.db, input.templateId));
    const name = input.name ?? template.name;
    assertNotIntakeName(name, (await findIntakeTemplate(ctx.db, ctx.user.organizationId)) ?? null);
    const row = await withConflicts(() =>
      ctx.db.transaction(async (tx) => {
        const created = await insertPatientAssessment(tx, {
          organizationId: patient.organizationId,
          patientId: patient.id,
          templateId: template.id,
          name,
          questions: template.questions,
          kind: template.kind,
          romVideoIds: template.romVideoIds,
          assignedBy: ctx.user.id,
        });
        await notify(ctx, tx, patient, "assessmentAssigned", { about: name, path: "/assessments" });
        await audit(
          ctx,
          "assessments.assign",
          "patient_assessment",
          created.id,
          { patientId: patient.id, templateId: template.id, kind: template.kind },
          tx,
        );
        return created;
      }),
    );
    return view(ctx.db, row);
  });

/** The patient's own, or (staff) a patient's they may see; staff reads are audited. */
const get = appProcedure.input(assessmentIdInput).query(async ({ ctx, input }) => {
  const row = await readableAssessment(ctx, input.assessmentId);
  if (ctx.user.role !== "ROLE_PATIENT")
    await audit(ctx, "assessments.read", "patient_assessment", row.id, { patientId: row.patientId });
  return view(ctx.db, row);
});

/** /assessments for a patient: what is waiting for answers first, then what was submitted. */
const mine = roleProcedure("ROLE_PATIENT").query(async ({ ctx }) => ({
  items: await listOwnAssessments(ctx.db, ctx.user.id),
}));

/**
 * Answers are checked per question; an assessment is submitted once (FIZ302 the second time). A ROM
 * assessment is recorded instead (FIZ413).
 */
const submit = roleProcedure("ROLE_PATIENT")
  .input(submitAssessmentInput)
  .mutation(async ({ ctx, input }) => {
    const row = await readableAssessment(ctx, input.assessmentId);
    assertQuestionnaire(row.kind);
    assertAssessmentOpen(row.status);
    const answers = assertValidAnswers(row.questions, input.answers);
    const submitted = await ctx.db.transaction(async (tx) => {
      const saved = await submitPatientAssessment(tx, row.id, answers);
      if (!saved) throw new AppError("FIZ302");
      await audit(ctx, "assessments.submit", "patient_assessment", row.id, undefined, tx);
      return saved;
    });
    return view(ctx.db, submitted);
  });

export const assessmentsRouter = router({ assign, get, mine, submit });
