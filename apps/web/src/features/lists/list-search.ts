import { pageParam, type SearchOf, searchParams, textParam, uuidParam } from "../../lib/search-params";

/** Page and search text of a list live in the URL, so back/forward and reloads keep them. */
export const listSearchFields = { page: pageParam, q: textParam(100) };
export const parseListSearch = searchParams(listSearchFields);
export type ListSearch = SearchOf<typeof listSearchFields>;

export interface ListSearchProps {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}

/** A record area's list: page, text and, optionally, the one patient it is narrowed to (kept across areas). */
export const recordListSearchFields = { ...listSearchFields, patient: uuidParam };
export const parseRecordListSearch = searchParams(recordListSearchFields);
export type RecordListSearch = SearchOf<typeof recordListSearchFields>;

export interface RecordListSearchProps {
  search: RecordListSearch;
  onSearchChange: (next: RecordListSearch) => void;
  /** In a patient's chart the patient is fixed: no picker, the list is theirs. */
  fixedPatient?: boolean;
}
