import { z } from "zod";

/** Bumping the version asks every patient to agree again. */
export const TERMS_VERSION = "2026-01";

export const acceptTermsInput = z.object({
  version: z.literal(TERMS_VERSION, { error: "FIZ002" }),
  readToEnd: z.literal(true, { error: "FIZ413" }),
});
