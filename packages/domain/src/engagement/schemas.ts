import { z } from "zod";
import { isoDateSchema } from "../dates";
import { idSchema, templateNameSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { pageInput, searchSchema } from "../users/schemas";
import { ENGAGEMENT_MAX_MESSAGES, ENGAGEMENT_MAX_START_DAY } from "./rules";

export const ENGAGEMENT_TEXT_MAX = 2000;

const text = z.string().trim().max(ENGAGEMENT_TEXT_MAX, { error: "FIZ003" });

/** One message of a program: its day after enrolment, English text and an optional Spanish one. */
export const engagementMessageInput = z.object({
  startDay: z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(0, { error: "FIZ010" })
    .max(ENGAGEMENT_MAX_START_DAY, { error: "FIZ009" }),
  bodyEn: text.min(1, { error: "FIZ001" }),
  bodyEs: text.default(""),
  attachmentId: idSchema.nullable().default(null),
});
export type EngagementMessageInput = z.infer<typeof engagementMessageInput>;

const messages = z
  .array(engagementMessageInput)
  .min(1, { error: "FIZ001" })
  .max(ENGAGEMENT_MAX_MESSAGES, { error: "FIZ009" })
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((m, i) => {
      if (seen.has(m.startDay)) ctx.addIssue({ code: "custom", message: "FIZ008", path: [i, "startDay"] });
      seen.add(m.startDay);
    });
  });

export const engagementTemplateInput = z.object({ name: templateNameSchema, messages });
export const updateEngagementTemplateInput = engagementTemplateInput.extend({ id: idSchema });
export const listEngagementTemplatesInput = pageInput.extend({ search: searchSchema });

export const enrollProgramInput = z.object({
  patientId: idSchema,
  templateId: idSchema,
  name: templateNameSchema,
  /** Day 0; today or later in the program's zone (FIZ015). */
  startDate: isoDateSchema,
  timeZone: timeZoneSchema,
});
/** A program's own messages: those with an id are the program's existing ones, the rest are new. */
export const updateProgramInput = z.object({
  id: idSchema,
  name: templateNameSchema,
  messages: z
    .array(engagementMessageInput.extend({ id: idSchema.optional() }))
    .min(1, { error: "FIZ001" })
    .max(ENGAGEMENT_MAX_MESSAGES, { error: "FIZ009" }),
});
export const programIdInput = z.object({ id: idSchema });
export const listProgramsInput = pageInput.extend({ patientId: idSchema.optional(), search: searchSchema });
export const programHistoryInput = pageInput.extend({ patientId: idSchema.optional(), search: searchSchema });
