import {
  acceptTerms,
  findIntakeTemplate,
  insertPatientAssessment,
  type UserRow,
  updateUser,
} from "@fizio/db";
import { AppError, acceptTermsInput, assertValidAnswers, completeOnboardingInput } from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { toSessionUser } from "../../session-user";
import { authedProcedure, router } from "../../trpc";

const accept = authedProcedure.input(acceptTermsInput).mutation(async ({ ctx, input }) => {
  if (ctx.user.role !== "ROLE_PATIENT") throw new AppError("FIZ279");
  const accepted = await acceptTerms(ctx.db, ctx.user.id, input.version, ctx.ip);
  if (!accepted) throw new AppError("FIZ279");
  await audit(ctx, "terms.accept", "user", ctx.user.id, { version: input.version });
  return { user: await toSessionUser(ctx, ctx.user) };
});

/** The intake assessment a patient answers at onboarding: their organisation's intake template, if it has one. */
async function intakeFor(ctx: Pick<Context, "db">, user: UserRow) {
  if (user.role !== "ROLE_PATIENT") return undefined;
  return findIntakeTemplate(ctx.db, user.organizationId);
}

const intake = authedProcedure.query(async ({ ctx }) => {
  const template = await intakeFor(ctx, ctx.user);
  return {
    template: template
      ? {
          id: template.id,
          name: template.name,
          description: template.description,
          questions: template.questions,
        }
      : null,
  };
});

/**
 * Finishes onboarding (spec §4 gate 2). Where the organisation has an intake template the answers are
 * required (FIZ044 without them), checked per question and kept as the patient's submitted intake
 * assessment; without one there is nothing to answer and no input is needed.
 */
const completeOnboarding = authedProcedure.input(completeOnboardingInput).mutation(async ({ ctx, input }) => {
  const session = await toSessionUser(ctx, ctx.user);
  if (!session.agreedToTos) throw new AppError("FIZ412", {}, { endsSession: true });
  if (ctx.user.onboardingCompleted) return { user: session };
  const template = await intakeFor(ctx, ctx.user);
  if (template && !input) throw new AppError("FIZ044", {}, { field: "answers" });
  const answers = template && input ? assertValidAnswers(template.questions, input.answers) : null;
  // A second, concurrent submission finds the intake already stored.
  const user = await withConflicts(
    () =>
      ctx.db.transaction(async (tx) => {
        if (template && answers) {
          await insertPatientAssessment(tx, {
            organizationId: ctx.user.organizationId,
            patientId: ctx.user.id,
            templateId: template.id,
            name: template.name,
            questions: template.questions,
            isIntake: true,
            status: "SUBMITTED",
            answers,
            submittedAt: new Date(),
          });
        }
        const updated = await updateUser(tx, ctx.user.id, { onboardingCompleted: true });
        await audit(ctx, "onboarding.complete", "user", updated.id, { intakeTemplateId: template?.id }, tx);
        return updated;
      }),
    { patient_assessments_patient_name_unique: "FIZ302" },
  );
  return { user: await toSessionUser(ctx, user) };
});

export const termsRouter = router({ accept });
export const onboardingRouter = router({ intake, complete: completeOnboarding });
