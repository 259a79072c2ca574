import type { z } from "zod";
import { activitySessionStatusSchema } from "../media/enums";
import { dateRange, rangeInOrder } from "../results/schemas";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { pageInput } from "../users/schemas";

/** Which of a patient's activity sessions: of one plan, by status, started on these days in the viewer's zone. */
const sessionFilters = {
  planId: idSchema.optional(),
  status: activitySessionStatusSchema.optional(),
  ...dateRange,
  timeZone: timeZoneSchema.default("UTC"),
};

/** The patient's own sessions, newest first. */
export const listActivitySessionsInput = pageInput
  .extend(sessionFilters)
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
export type SessionFilters = z.infer<typeof listActivitySessionsInput>;

/** /records/sessions: one patient's sessions for their provider or an admin. */
export const listSessionRecordsInput = pageInput
  .extend({ patientId: idSchema, ...sessionFilters })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
