import { z } from "zod";
import { idSchema, optionalText, templateNameSchema } from "../treatment/fields";
import { assessmentKindSchema, MAX_ROM_MOVEMENTS } from "./range-of-motion";

/** Spec §3 question types. */
export const questionTypeSchema = z.enum(["FREE_TEXT", "SINGLE_SELECT", "MULTI_SELECT", "NUMBER", "DATE"]);
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const QUESTION_TYPES = questionTypeSchema.options;

const CHOICE_TYPES: readonly QuestionType[] = ["SINGLE_SELECT", "MULTI_SELECT"];
export const isChoiceQuestion = (type: QuestionType) => CHOICE_TYPES.includes(type);

const optionalNumber = z
  .number({ error: "FIZ011" })
  .nullish()
  .transform((v) => v ?? null);

/**
 * One question. Choice questions need at least one answer choice (FIZ044) and other types must have none
 * (FIZ007); min/max bound a NUMBER answer only. `id` ties answers to the question; new questions get one
 * when the template is saved.
 */
export const questionInput = z
  .object({
    id: z.string().trim().min(1, { error: "FIZ001" }).max(64, { error: "FIZ003" }).optional(),
    text: z.string({ error: "FIZ001" }).trim().min(1, { error: "FIZ001" }).max(1000, { error: "FIZ003" }),
    type: questionTypeSchema,
    required: z.boolean().default(true),
    choices: z
      .array(z.string().trim().min(1, { error: "FIZ001" }).max(200, { error: "FIZ003" }))
      .max(50, { error: "FIZ009" })
      .default([]),
    min: optionalNumber,
    max: optionalNumber,
  })
  .superRefine((q, ctx) => {
    if (isChoiceQuestion(q.type) && q.choices.length === 0)
      ctx.addIssue({ code: "custom", message: "FIZ044", path: ["choices"] });
    if (!isChoiceQuestion(q.type) && q.choices.length > 0)
      ctx.addIssue({ code: "custom", message: "FIZ007", path: ["choices"] });
    q.choices.forEach((choice, i) => {
      if (q.choices.indexOf(choice) !== i)
        ctx.addIssue({ code: "custom", message: "FIZ008", path: ["choices", i] });
    });
    for (const bound of ["min", "max"] as const) {
      if (q.type !== "NUMBER" && q[bound] !== null)
        ctx.addIssue({ code: "custom", message: "FIZ007", path: [bound] });
    }
    if (q.min !== null && q.max !== null && q.min > q.max)
      ctx.addIssue({ code: "custom", message: "FIZ020", path: ["max"] });
  });
export type QuestionInput = z.infer<typeof questionInput>;
export type Question = QuestionInput & { id: string };

/**
 * Spec §5: a questionnaire (PERFORMANCE) needs at least one question (FIZ043); a RANGE_OF_MOTION assessment
 * needs at least one ROM video (FIZ051) and asks no questions (FIZ007), the recording is its answer. Existing
 * templates, written before kinds, are questionnaires.
 */
const assessmentTemplateFields = z.object({
  name: templateNameSchema,
  description: optionalText(2000),
  kind: assessmentKindSchema.default("PERFORMANCE"),
  questions: z
    .array(questionInput)
    .max(100, { error: "FIZ009" })
    .default([])
    .superRefine((questions, ctx) => {
      const ids = questions.map((q) => q.id);
      ids.forEach((id, i) => {
        if (id !== undefined && ids.indexOf(id) !== i)
          ctx.addIssue({ code: "custom", message: "FIZ008", path: [i, "id"] });
      });
    }),
  romVideoIds: z.array(idSchema).max(MAX_ROM_MOVEMENTS, { error: "FIZ009" }).default([]),
});

function refineKind(t: z.infer<typeof assessmentTemplateFields>, ctx: z.RefinementCtx): void {
  if (t.kind === "PERFORMANCE") {
    if (t.questions.length === 0) ctx.addIssue({ code: "custom", message: "FIZ043", path: ["questions"] });
    if (t.romVideoIds.length > 0) ctx.addIssue({ code: "custom", message: "FIZ007", path: ["romVideoIds"] });
    return;
  }
  if (t.romVideoIds.length === 0) ctx.addIssue({ code: "custom", message: "FIZ051", path: ["romVideoIds"] });
  if (t.questions.length > 0) ctx.addIssue({ code: "custom", message: "FIZ007", path: ["questions"] });
  t.romVideoIds.forEach((id, i) => {
    if (t.romVideoIds.indexOf(id) !== i)
      ctx.addIssue({ code: "custom", message: "FIZ008", path: ["romVideoIds", i] });
  });
}

export const assessmentTemplateInput = assessmentTemplateFields.superRefine(refineKind);
export type AssessmentTemplateInput = z.infer<typeof assessmentTemplateInput>;
/** What a form holds before parsing: defaults (required, choices, bounds) may be left out. */
export type AssessmentTemplateFormInput = z.input<typeof assessmentTemplateInput>;
export const updateAssessmentTemplateInput = assessmentTemplateFields
  .extend({ id: z.uuid({ error: "FIZ002" }) })
  .superRefine(refineKind);

/** Keeps the ids questions already have (answers refer to them) and gives new questions one. */
export function withQuestionIds(questions: readonly QuestionInput[], newId: () => string): Question[] {
  return questions.map((q) => ({ ...q, id: q.id ?? newId() }));
}
