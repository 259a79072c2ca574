import {
  dateParam,
  enumParam,
  type SearchOf,
  searchParams,
  textParam,
  uuidParam,
} from "../../lib/search-params";
import { listSearchFields } from "../lists/list-search";

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
const auditSearchFields = {
  ...listSearchFields,
  actor: textParam(100),
  action: enumParam(AUDIT_ACTION_GROUPS),
  patient: uuidParam,
  from: dateParam,
  to: dateParam,
};
export const parseAuditSearch = searchParams(auditSearchFields);
export type AuditSearch = SearchOf<typeof auditSearchFields>;
