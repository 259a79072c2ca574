import { analysisStatusSchema, isoDateSchema } from "@fizio/domain";
import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";

const id = z.string().max(64).optional().catch(undefined);

/** A recordings list's filters, page and open recording live in the URL, so back/forward keep them. */
export const recordingsSearchSchema = listSearchSchema.extend({
  status: analysisStatusSchema.optional().catch(undefined),
  group: id,
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
  recording: id,
});
export type RecordingsSearch = z.infer<typeof recordingsSearchSchema>;
