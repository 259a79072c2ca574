import type { SYSTEM_LOG_KIND_NAMES } from "@fizio/domain";
import { dateParam, enumParam, type SearchOf, searchParams } from "../../lib/search-params";
import { listSearchFields } from "../lists/list-search";

type SystemLogKind = (typeof SYSTEM_LOG_KIND_NAMES)[number];

/** /audit/system-log keeps its filters and page in the URL. */
const systemLogSearchFields = {
  ...listSearchFields,
  kind: enumParam<SystemLogKind>({
    JOBS: true,
    WORKERS: true,
    SIGN_INS: true,
    ACCOUNTS: true,
    SETTINGS: true,
  }),
  from: dateParam,
  to: dateParam,
};
export const parseSystemLogSearch = searchParams(systemLogSearchFields);
export type SystemLogSearch = SearchOf<typeof systemLogSearchFields>;
