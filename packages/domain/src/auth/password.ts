import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";

/**
 * Spec §5: at least 8 characters with a letter, a number and a special character.
 * Returns the failing requirements so the form can tick them off as the user types.
 */
export type PasswordRequirement = "length" | "letter" | "number" | "special";

export function unmetPasswordRequirements(password: string): PasswordRequirement[] {
  const unmet: PasswordRequirement[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) unmet.push("length");
  if (!/\p{L}/u.test(password)) unmet.push("letter");
  if (!/\p{N}/u.test(password)) unmet.push("number");
  if (!/[^\p{L}\p{N}\s]/u.test(password)) unmet.push("special");
  return unmet;
}

export const passwordSchema = z
  .string({ error: "FIZ037" })
  .max(PASSWORD_MAX_LENGTH, { error: "FIZ003" })
  .refine((p) => unmetPasswordRequirements(p).length === 0, { error: "FIZ032" });
