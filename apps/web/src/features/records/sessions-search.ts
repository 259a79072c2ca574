import { activitySessionStatusSchema, isoDateSchema } from "@fizio/domain";
import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";
import { patientSearchSchema } from "./records-search";

/** /records/sessions keeps its patient, filters and page in the URL. */
export const sessionsSearchSchema = patientSearchSchema.extend({
  page: listSearchSchema.shape.page,
  plan: z.uuid().optional().catch(undefined),
  status: activitySessionStatusSchema.optional().catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type SessionsSearch = z.infer<typeof sessionsSearchSchema>;
export type SessionFiltersSearch = Omit<SessionsSearch, "patient">;
