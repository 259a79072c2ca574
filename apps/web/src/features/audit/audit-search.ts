import { isoDateSchema } from "@fizio/domain";
import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";

/** The action groups the viewer filters by: the start of an audit action. */
export const AUDIT_ACTION_GROUPS = [
  "records.",
  "messages.",
  "recordings.",
  "activitySessions.",
  "plans.",
  "assessments.",
  "engagement.",
  "users.",
  "access.denied",
] as const;

/** /audit keeps its filters and page in the URL. */
export const auditSearchSchema = listSearchSchema.extend({
  actor: z.string().max(100).optional().catch(undefined),
  action: z.enum(AUDIT_ACTION_GROUPS).optional().catch(undefined),
  patient: z.uuid().optional().catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;
