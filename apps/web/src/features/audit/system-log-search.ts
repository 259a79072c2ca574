import { isoDateSchema, SYSTEM_LOG_KIND_NAMES } from "@fizio/domain";
import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";

/** /audit/system-log keeps its filters and page in the URL. */
export const systemLogSearchSchema = listSearchSchema.extend({
  kind: z.enum(SYSTEM_LOG_KIND_NAMES).optional().catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type SystemLogSearch = z.infer<typeof systemLogSearchSchema>;
