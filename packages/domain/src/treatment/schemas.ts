import { z } from "zod";
import { isoDateSchema } from "../dates";
import { careStageSchema } from "../enums";
import { pageInput, searchSchema } from "../users/schemas";
import { activityFields, activityInput, refineActivity } from "./activity";
import { planStatusSchema } from "./enums";
import { idListSchema, idSchema, optionalText, templateNameSchema } from "./fields";
import { PLAN_INITIAL_STATUSES } from "./plan-status";
import { timeZoneSchema } from "./schedule";

/** FIZ020 where an item comes before the one it should follow. */
function inOrder<T>(key: (item: T) => string | number, path: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    items.forEach((item, i) => {
      const previous = items[i - 1];
      if (previous !== undefined && key(item) < key(previous))
        ctx.addIssue({ code: "custom", message: "FIZ020", path: [i, path] });
    });
  };
}

// Templates (organisation-wide, spec §2 /templates/*)

export const templateIdInput = z.object({ id: idSchema });
export const listTemplatesInput = pageInput.extend({ search: searchSchema });
export type ListTemplatesInput = z.infer<typeof listTemplatesInput>;

export const activityTemplateInput = activityInput;
export const updateActivityTemplateInput = activityFields
  .extend({ id: idSchema })
  .superRefine(refineActivity);

/** Spec §5: a session template needs at least one activity. */
export const sessionTemplateInput = z.object({
  name: templateNameSchema,
  description: optionalText(2000),
  activities: z.array(activityInput).min(1, { error: "FIZ039" }).max(50, { error: "FIZ009" }),
});
export type SessionTemplateInput = z.infer<typeof sessionTemplateInput>;
export const updateSessionTemplateInput = sessionTemplateInput.extend({ id: idSchema });

/**
 * Spec §5: a plan template needs at least one activity (at least one session, each session template having
 * at least one) and at least one assessment. Sessions are listed in day order.
 */
export const planTemplateInput = z.object({
  name: templateNameSchema,
  description: optionalText(2000),
  stage: careStageSchema.nullish().transform((v) => v ?? null),
  longTermGoal: optionalText(2000),
  diagnosis: optionalText(2000),
  sessions: z
    .array(
      z.object({
        sessionTemplateId: idSchema,
        dayOffset: z
          .number({ error: "FIZ011" })
          .int({ error: "FIZ011" })
          .min(0, { error: "FIZ010" })
          .max(730, { error: "FIZ009" }),
      }),
    )
    .min(1, { error: "FIZ039" })
    .max(200, { error: "FIZ009" })
    .superRefine(inOrder((s) => s.dayOffset, "dayOffset")),
  assessmentTemplateIds: idListSchema({ error: "FIZ040" }),
});
export type PlanTemplateInput = z.infer<typeof planTemplateInput>;
export const updatePlanTemplateInput = planTemplateInput.extend({ id: idSchema });

// Patients' treatment plans

export const planActivityInput = activityFields
  .extend({ id: idSchema.optional() })
  .superRefine(refineActivity);
export type PlanActivityInput = z.infer<typeof planActivityInput>;

export const planSessionInput = z.object({
  id: idSchema.optional(),
  date: isoDateSchema,
  activities: z.array(planActivityInput).min(1, { error: "FIZ039" }).max(50, { error: "FIZ009" }),
});

/** A plan's own content (spec §3): at least one session with activities and at least one assessment, by date. */
const planContent = {
  name: templateNameSchema,
  stage: careStageSchema.default("TREATMENT"),
  longTermGoal: optionalText(2000),
  diagnosis: optionalText(2000),
  sessions: z
    .array(planSessionInput)
    .min(1, { error: "FIZ039" })
    .max(200, { error: "FIZ009" })
    .superRefine(inOrder((s) => s.date, "date")),
  assessmentTemplateIds: idListSchema({ error: "FIZ040" }),
};

const initialStatus = z.enum(PLAN_INITIAL_STATUSES, { error: "FIZ002" }).default("DRAFT");

export const createManualPlanInput = z.object({
  creationMode: z.literal("MANUAL"),
  patientId: idSchema,
  status: initialStatus,
  ...planContent,
});

/** Generation copies the template's sessions from `startDate`; the other fields default to the template's. */
export const createPlanFromTemplateInput = z.object({
  creationMode: z.literal("GENERATION"),
  patientId: idSchema,
  templateId: idSchema,
  startDate: isoDateSchema,
  status: initialStatus,
  name: templateNameSchema.optional(),
  stage: careStageSchema.optional(),
  longTermGoal: z.string().trim().max(2000, { error: "FIZ003" }).optional(),
  diagnosis: z.string().trim().max(2000, { error: "FIZ003" }).optional(),
});

export const createPlanInput = z.discriminatedUnion("creationMode", [
  createManualPlanInput,
  createPlanFromTemplateInput,
]);
export type CreatePlanInput = z.infer<typeof createPlanInput>;

/** The whole plan as edited: sessions and activities sent back with their ids are kept, others added or removed. */
export const updatePlanInput = z.object({ planId: idSchema, ...planContent });
export type UpdatePlanInput = z.infer<typeof updatePlanInput>;

export const planIdInput = z.object({ planId: idSchema });
export const listPatientPlansInput = pageInput.extend({
  patientId: idSchema,
  status: planStatusSchema.optional(),
});
export const transitionPlanInput = z.object({ planId: idSchema, status: planStatusSchema });

export const listPlanRecordsInput = pageInput.extend({
  search: searchSchema,
  status: planStatusSchema.optional(),
  patientId: idSchema.optional(),
});
export type ListPlanRecordsInput = z.infer<typeof listPlanRecordsInput>;

// The patient's to-do list

/** The browser's time zone decides which day "today" is; UTC when not sent. */
export const todayInput = z.object({ timeZone: timeZoneSchema.default("UTC") }).default({ timeZone: "UTC" });
export const startActivityInput = z.object({ activityId: idSchema, timeZone: timeZoneSchema.default("UTC") });
