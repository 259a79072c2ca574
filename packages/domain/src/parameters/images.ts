import { z } from "zod";

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

export const completeParameterImageInput = z.object({
  key: z.string().startsWith("parameters/image-activities/", { error: "FIZ002" }).max(300),
  uploadId: z.string().min(1).max(500),
  etag: z.string().min(1).max(200),
});

/** Where uploaded activity pictures live: platform-wide, not under one organisation's prefix. */
export const PARAMETER_IMAGE_PREFIX = "parameters/image-activities/";
export const isParameterImageKey = (key: string) => key.startsWith(PARAMETER_IMAGE_PREFIX);
