import { z } from "zod";
import { roleSchema } from "./enums";

/**
 * Sizes of a browser's error report. The reporter is public, so every field is capped: the browser truncates
 * to these, and anything longer is refused (FIZ003) rather than stored.
 */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 8000, path: 500 } as const;

export const clientErrorInput = z.object({
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  path: z.string().max(CLIENT_ERROR_LIMITS.path),
  role: roleSchema.optional(),
  kind: z.enum(["RENDER", "NETWORK", "UNHANDLED"]),
  status: z.number().int().min(0).max(999).optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorInput>;
