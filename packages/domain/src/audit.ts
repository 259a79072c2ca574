import { z } from "zod";
import { CLIENT_ERROR_LIMITS } from "./constants";
import { roleSchema } from "./enums";

export const clientErrorInput = z.object({
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  path: z.string().max(CLIENT_ERROR_LIMITS.path),
  role: roleSchema.optional(),
  kind: z.enum(["RENDER", "NETWORK", "UNHANDLED"]),
  status: z.number().int().min(0).max(999).optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorInput>;
