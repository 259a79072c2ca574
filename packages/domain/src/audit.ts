import { z } from "zod";

export const clientErrorInput = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20_000).optional(),
  path: z.string().max(500),
  role: z.string().max(40).optional(),
  kind: z.enum(["RENDER", "NETWORK", "UNHANDLED"]),
  status: z.number().int().optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorInput>;
