import { isoDateSchema } from "@fizio/domain";
import { z } from "zod";

/**
 * Every report's URL search: its range, dropped when malformed (the server's defaults apply then). Its own module:
 * the route files import it outside their split chunk, so whatever it imports lands in the entry.
 */
export const reportSearchSchema = z.object({
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});

export interface ReportSearch {
  from?: string;
  to?: string;
}
