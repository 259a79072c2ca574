import { z } from "zod";

/** The patient a staff record page shows lives in the URL, so a link or a reload keeps it. */
export const patientSearchSchema = z.object({ patient: z.uuid().optional().catch(undefined) });
