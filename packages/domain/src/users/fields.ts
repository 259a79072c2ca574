import { z } from "zod";
import { isoDateSchema } from "../dates";
import { normalizeIcd10Cm } from "../parameters/code-forms";

export const nameSchema = z
  .string({ error: "FIZ001" })
  .trim()
  .min(1, { error: "FIZ001" })
  .max(80, { error: "FIZ003" });

export const emailSchema = z
  .string({ error: "FIZ001" })
  .trim()
  .min(1, { error: "FIZ001" })
  .max(254, { error: "FIZ003" })
  .pipe(z.email({ error: "FIZ036" }))
  .transform((e) => e.toLowerCase());

/** National number only, digits; the dial code is stored apart (spec §3 phone + dialCode). */
export const phoneSchema = z
  .string()
  .trim()
  .max(15, { error: "FIZ003" })
  .regex(/^\d*$/, { error: "FIZ005" })
  .transform((p) => (p === "" ? undefined : p));

export const dialCodeSchema = z.string().regex(/^\+\d{1,4}$/, { error: "FIZ006" });

/** ISO calendar date (YYYY-MM-DD) in the past, within the years every date keeps to (from 1900). */
export const dateOfBirthSchema = isoDateSchema.refine((d) => d < new Date().toISOString().slice(0, 10), {
  error: "FIZ016",
});

export const addressSchema = z.object({
  streetAddress: z.string().trim().max(200, { error: "FIZ003" }).default(""),
  city: z.string().trim().max(100, { error: "FIZ003" }).default(""),
  state: z.string().trim().max(50, { error: "FIZ003" }).default(""),
  zipCode: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, { error: "FIZ006" })
    .default(""),
});
export type Address = z.infer<typeof addressSchema>;

/** US National Provider Identifier: ten digits. */
export const npiSchema = z.string().regex(/^\d{10}$/, { error: "FIZ006" });

/**
 * An ICD-10-CM code's shape: a category letter (U is reserved, never billed), two more characters (the second a
 * digit), then optionally a dot and one to four characters, e.g. M17.11, S83.511A, I10, in that written form
 * however it was typed (s83511a is S83.511A). Which codes exist is the CONDITIONS list's business; here only the
 * format is checked.
 */
export const icd10CmCodeSchema = z
  .string()
  .trim()
  .transform(normalizeIcd10Cm)
  .pipe(z.string().regex(/^[A-TV-Z]\d[\dA-Z](\.[\dA-Z]{1,4})?$/, { error: "FIZ006" }));
