import { z } from "zod";
import { idSchema, templateNameSchema } from "../treatment/fields";

/** Spec §5: at most this many of each in one document (the spec leaves the numbers to us). */
export const DOCUMENT_MAX_ASSESSMENTS = 5;
export const DOCUMENT_MAX_PLANS = 3;

const unique = (ids: string[]) => new Set(ids).size === ids.length;

/** A document of a patient's record: at least one assessment or plan (FIZ072), within the maximum of each. */
export const createDocumentInput = z
  .object({
    patientId: idSchema,
    name: templateNameSchema,
    assessmentIds: z
      .array(idSchema)
      .max(DOCUMENT_MAX_ASSESSMENTS, { error: "FIZ009" })
      .default([])
      .refine(unique, { error: "FIZ002" }),
    planIds: z
      .array(idSchema)
      .max(DOCUMENT_MAX_PLANS, { error: "FIZ009" })
      .default([])
      .refine(unique, { error: "FIZ002" }),
  })
  .refine((d) => d.assessmentIds.length + d.planIds.length > 0, { error: "FIZ072", path: ["assessmentIds"] });
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

export const documentIdInput = z.object({ id: idSchema });
