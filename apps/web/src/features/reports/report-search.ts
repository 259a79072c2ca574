import { dateParam, type SearchOf, searchParams } from "../../lib/search-params";

/**
 * Every report's URL search: its range, dropped when malformed (the server's defaults apply then). Its own module:
 * the route files import it outside their split chunk, so whatever it imports lands in the entry.
 */
const reportSearchFields = { from: dateParam, to: dateParam };
export const parseReportSearch = searchParams(reportSearchFields);
export type ReportSearch = SearchOf<typeof reportSearchFields>;
