import type { ActivitySessionStatus } from "@fizio/domain";
import {
  dateParam,
  enumParam,
  pageParam,
  type SearchOf,
  searchParams,
  uuidParam,
} from "../../lib/search-params";
import { patientSearchFields } from "./records-search";

/** /records/sessions keeps its patient, filters and page in the URL. */
const sessionsSearchFields = {
  ...patientSearchFields,
  page: pageParam,
  plan: uuidParam,
  status: enumParam<ActivitySessionStatus>({ IN_PROGRESS: true, COMPLETED: true }),
  from: dateParam,
  to: dateParam,
};
export const parseSessionsSearch = searchParams(sessionsSearchFields);
export type SessionsSearch = SearchOf<typeof sessionsSearchFields>;
export type SessionFiltersSearch = Omit<SessionsSearch, "patient">;
