import { z } from "zod";
import { priceCentsSchema } from "../billing/money";
import { STANDARD_PRICE_DESCRIPTION, sameDescription } from "../billing/prices";
import { AppError, type FizCode } from "../errors";
import { idSchema } from "../treatment/fields";
import { pageInput, searchSchema } from "../users/schemas";
import { PARAMETER_SET_KINDS, type ParameterSetKind } from "./kinds";

/**
 * A value's identity within its set: 'Value already exists' (FIZ207) regardless of case and of spaces around
 * or between words, so "Sports  medicine" and "sports medicine" are one value.
 */
export const normalizeValue = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();
export const sameValue = (a: string, b: string) => normalizeValue(a) === normalizeValue(b);

export const parameterSetKindSchema = z.enum(PARAMETER_SET_KINDS, { error: "FIZ002" });

export const PARAMETER_VALUE_MAX = 120;
export const PARAMETER_TEXT_MAX = 4000;

const valueSchema = z
  .string()
  .trim()
  .min(1, { error: "FIZ001" })
  .max(PARAMETER_VALUE_MAX, { error: "FIZ003" })
  .transform((v) => v.replace(/\s+/g, " "));

/**
 * One value of a set. Text activities carry their text, image activities their uploaded picture, prices a
 * default amount; the other sets are a name only, and fields of another kind must be empty (FIZ007).
 */
const parameterValueObject = z.object({
  kind: parameterSetKindSchema,
  value: valueSchema,
  text: z.string().trim().max(PARAMETER_TEXT_MAX, { error: "FIZ003" }).nullish(),
  /** A new picture for an image activity: its finished upload, by id (startImage, completeImage). */
  imageUploadId: idSchema.nullish(),
  amountCents: priceCentsSchema.nullish(),
});

/**
 * Each kind's own field is required, another kind's must be empty. An edit may leave the picture out: the value
 * keeps the one it has.
 */
const refineParameterValue =
  (editing: boolean) =>
  (v: z.output<typeof parameterValueObject>, ctx: z.RefinementCtx): void => {
    const needs: Record<"text" | "imageUploadId" | "amountCents", ParameterSetKind> = {
      text: "TEXT_ACTIVITIES",
      imageUploadId: "IMAGE_ACTIVITIES",
      amountCents: "PRICES",
    };
    for (const [field, kind] of Object.entries(needs) as [keyof typeof needs, ParameterSetKind][]) {
      const present = v[field] !== null && v[field] !== undefined && v[field] !== "";
      const optional = editing && field === "imageUploadId";
      if (v.kind === kind && !present && !optional)
        ctx.addIssue({ code: "custom", path: [field], message: "FIZ001" });
      if (v.kind !== kind && present) ctx.addIssue({ code: "custom", path: [field], message: "FIZ007" });
    }
    // The Standard price is every organisation's own from its creation (billing), never a catalogue entry.
    if (v.kind === "PRICES" && sameDescription(v.value, STANDARD_PRICE_DESCRIPTION))
      ctx.addIssue({ code: "custom", path: ["value"], message: "FIZ069" });
  };

export const parameterValueFields = parameterValueObject.superRefine(refineParameterValue(false));
export type ParameterValueFields = z.output<typeof parameterValueFields>;
export type ParameterValueFieldsInput = z.input<typeof parameterValueFields>;

export const createParameterValueInput = parameterValueFields;
/** The form's values when editing a value: its picture may stay as it is. */
export const editedParameterValueFields = parameterValueObject.superRefine(refineParameterValue(true));
export const updateParameterValueInput = parameterValueObject
  .extend({ id: idSchema })
  .superRefine(refineParameterValue(true));
export const parameterValueIdInput = z.object({ kind: parameterSetKindSchema, id: idSchema });

export const listParameterValuesInput = pageInput.extend({
  kind: parameterSetKindSchema,
  search: searchSchema,
});
export type ListParameterValuesInput = z.infer<typeof listParameterValuesInput>;

/** What a set's picker offers (the provider form's specialties, the activity editor's image activities). */
export const parameterOptionsInput = z.object({ kind: parameterSetKindSchema });

/**
 * Spec §8 in-use rules, by set: an organisation with users or data is 'Organization is in use' (FIZ211); a
 * text or image activity that plans or templates use is 'Selected video is in use' (FIZ212); any other value
 * something holds (a provider's specialty or credential, a health plan's name) is 'Value is in use' (FIZ270).
 */
export function inUseError(kind: ParameterSetKind | "CODES"): FizCode {
  if (kind === "ORGANIZATIONS") return "FIZ211";
  if (kind === "TEXT_ACTIVITIES" || kind === "IMAGE_ACTIVITIES") return "FIZ212";
  return "FIZ270";
}

/**
 * A value in use may not be deleted, nor renamed to another value (what uses it holds the name): fixing its
 * case or spacing, or changing its text, picture or amount, is allowed.
 */
export function assertValueChangeAllowed(
  kind: ParameterSetKind | "CODES",
  uses: number,
  change: { stored: string; next: string | null },
): void {
  if (uses === 0) return;
  if (change.next !== null && sameValue(change.stored, change.next)) return;
  throw new AppError(
    inUseError(kind),
    { count: uses },
    { field: change.next === null ? undefined : "value" },
  );
}
