import { z } from "zod";
import { idSchema } from "../treatment/fields";

/** An image activity's picture: JPEG, PNG or WebP up to 5 MB (a photo or diagram shown beside instructions). */
export const PARAMETER_IMAGE_TYPES = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
} as const;
export type ParameterImageType = keyof typeof PARAMETER_IMAGE_TYPES;
export const PARAMETER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Type and extension must agree and be allowed (FIZ056); size within the limit (FIZ057) and not empty (FIZ058). */
export const startParameterImageInput = z
  .object({
    name: z.string().trim().min(1, { error: "FIZ001" }).max(200, { error: "FIZ003" }),
    contentType: z.string().max(100),
    size: z.number().int().min(1, { error: "FIZ058" }),
  })
  .superRefine((value, ctx) => {
    if (value.size > PARAMETER_IMAGE_MAX_BYTES)
      ctx.addIssue({
        code: "custom",
        path: ["size"],
        message: "FIZ057",
        params: { maxMb: PARAMETER_IMAGE_MAX_BYTES / 1024 / 1024 },
      });
    const extensions: readonly string[] | undefined =
      PARAMETER_IMAGE_TYPES[value.contentType as ParameterImageType];
    const name = value.name.toLowerCase();
    if (!extensions?.some((ext) => name.endsWith(ext)))
      ctx.addIssue({ code: "custom", path: ["name"], message: "FIZ056" });
  });

/** The upload is named by the id startImage gave it; its key stays on the server. */
export const completeParameterImageInput = z.object({
  id: idSchema,
  etag: z.string().min(1).max(200),
});

/** Where uploaded activity pictures live: platform-wide, not under one organisation's prefix. */
export const PARAMETER_IMAGE_PREFIX = "parameters/image-activities/";

/** The pictures the platform ships with its image activities (the demo's Quad sets and Cat-camel). */
export const BUILT_IN_IMAGE_PREFIX = "library/activity-images/";

/**
 * The shared library: the only objects outside an organisation's own prefix that anyone may be shown a link to
 * (spec §2: the super admin's image activities are every organisation's to use).
 */
export const SHARED_LIBRARY_PREFIXES = [PARAMETER_IMAGE_PREFIX, BUILT_IN_IMAGE_PREFIX] as const;
