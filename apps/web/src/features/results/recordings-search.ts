import type { AnalysisStatus } from "@fizio/domain";
import {
  dateParam,
  enumParam,
  flagParam,
  type SearchOf,
  searchParams,
  textParam,
} from "../../lib/search-params";
import { listSearchFields } from "../lists/list-search";

/** A recordings list's filters, page and open recording live in the URL, so back/forward keep them. */
export const recordingsSearchFields = {
  ...listSearchFields,
  status: enumParam<AnalysisStatus>({ IN_PROGRESS: true, COMPLETED: true, FAILED: true }),
  group: textParam(64),
  from: dateParam,
  to: dateParam,
  /** Only the recordings no provider has marked reviewed. */
  unreviewed: flagParam,
  recording: textParam(64),
};
export const parseRecordingsSearch = searchParams(recordingsSearchFields);
export type RecordingsSearch = SearchOf<typeof recordingsSearchFields>;
