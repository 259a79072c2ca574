import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import type { ListSearch } from "../lists/list-search";

/** The list input every paged, searchable list takes, from the URL's page and text. */
export const listInput = (search: ListSearch) => ({
  page: search.page ?? 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: search.q || undefined,
});
