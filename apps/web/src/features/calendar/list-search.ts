import { eventStatusSchema } from "@fizio/domain";
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The list's page and filters live in the URL, so back/forward and reloads keep them. */
export const eventListSearchSchema = z.object({
  page: z.number().int().min(1).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  status: eventStatusSchema.optional().catch(undefined),
  providerId: z.uuid().optional().catch(undefined),
  patientId: z.uuid().optional().catch(undefined),
});
export type EventListSearch = z.infer<typeof eventListSearchSchema>;
