import { z } from "zod";

/** Field shapes shared by the treatment and assessment forms. Optional values normalise to null. */
export const idSchema = z.uuid({ error: "FIZ002" });

export const templateNameSchema = z
  .string({ error: "FIZ001" })
  .trim()
  .min(1, { error: "FIZ001" })
  .max(120, { error: "FIZ003" });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "FIZ003" })
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalWholeNumber = (max: number, min = 1) =>
  z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(min, { error: "FIZ010" })
    .max(max, { error: "FIZ009" })
    .nullish()
    .transform((v) => v ?? null);

/** Ids picked from a list: at least one (the given code), no repeats. */
export const idListSchema = (min: { error: "FIZ040" | "FIZ039" }) =>
  z
    .array(idSchema)
    .min(1, min)
    .max(50, { error: "FIZ009" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "FIZ008" });
