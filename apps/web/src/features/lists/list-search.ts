import { z } from "zod";

/** Page and search text of a list live in the URL, so back/forward and reloads keep them. */
export const listSearchSchema = z.object({
  page: z.number().int().min(1).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

export interface ListSearchProps {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}
