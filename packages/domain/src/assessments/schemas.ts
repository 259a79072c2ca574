import { z } from "zod";
import { idSchema, templateNameSchema } from "../treatment/fields";
import { pageInput, searchSchema } from "../users/schemas";
import { answersSchema } from "./answers";
import { patientAssessmentStatusSchema } from "./assignment";

/** The name defaults to the template's; another one lets the same questionnaire be given twice. */
export const assignAssessmentInput = z.object({
  patientId: idSchema,
  templateId: idSchema,
  name: templateNameSchema.optional(),
});
export type AssignAssessmentInput = z.infer<typeof assignAssessmentInput>;

export const assessmentIdInput = z.object({ assessmentId: idSchema });
export const submitAssessmentInput = z.object({ assessmentId: idSchema, answers: answersSchema });

export const listAssessmentRecordsInput = pageInput.extend({
  search: searchSchema,
  status: patientAssessmentStatusSchema.optional(),
  patientId: idSchema.optional(),
});
export type ListAssessmentRecordsInput = z.infer<typeof listAssessmentRecordsInput>;

/** Onboarding submits the intake answers; without an intake template in the organisation there is nothing to send. */
export const completeOnboardingInput = z.object({ answers: answersSchema }).optional();
