import { pageParam, type SearchOf, searchParams, textParam } from "../../lib/search-params";

/** Page and search text of a list live in the URL, so back/forward and reloads keep them. */
export const listSearchFields = { page: pageParam, q: textParam(100) };
export const parseListSearch = searchParams(listSearchFields);
export type ListSearch = SearchOf<typeof listSearchFields>;

export interface ListSearchProps {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}
