import { z } from "zod";
import type { ServiceUnit } from "../calendar/enums";
import { idSchema } from "../treatment/fields";
import { pageInput, searchSchema } from "../users/schemas";
import { normalizeCode } from "./code-forms";
import { CODE_KINDS, type CodeKind } from "./kinds";

export const codeKindSchema = z.enum(CODE_KINDS, { error: "FIZ002" });

export const SERVICE_UNITS = ["VISIT", "FIFTEEN_MINUTES", "PERIOD"] as const satisfies readonly ServiceUnit[];
export const serviceUnitSchema = z.enum(SERVICE_UNITS, { error: "FIZ002" });

/**
 * The shape of a code of each kind (FIZ006):
 * - CONDITIONS: ICD-10-CM, a letter (not U), a digit, a digit or letter, then optionally a dot and 1-4 more
 *   (M17.11, S83.511A, I10);
 * - PROCEDURES: CPT, four digits and a digit or the F/T of category II/III codes (97110, 0232T);
 * - SERVICES: what is billed, CPT or HCPCS level II (a letter and four digits, e.g. G0283);
 * - MEDICATIONS: an NDC or RxNorm identifier, digits in groups (0071-0155-23, 197361).
 */
export const CODE_FORMATS: Record<CodeKind, RegExp> = {
  CONDITIONS: /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/,
  PROCEDURES: /^[0-9]{4}[0-9FT]$/,
  SERVICES: /^([0-9]{4}[0-9FT]|[A-Z][0-9]{4})$/,
  MEDICATIONS: /^[0-9]{1,11}(-[0-9]{1,5}){0,2}$/,
};

export const CODE_DESCRIPTION_MAX = 200;

const codeObject = z.object({
  kind: codeKindSchema,
  code: z.string().trim().min(1, { error: "FIZ001" }).max(20, { error: "FIZ003" }),
  description: z.string().trim().min(1, { error: "FIZ001" }).max(CODE_DESCRIPTION_MAX, { error: "FIZ003" }),
  /** Services only: how a visit is counted for billing. */
  unit: serviceUnitSchema.nullish().transform((v) => v ?? null),
});
export type CodeFields = z.output<typeof codeObject>;
export type CodeFieldsInput = z.input<typeof codeObject>;

/** The field-by-field rules of one code, as FIZ codes by field (empty when the code is valid). */
export function codeIssues(
  c: Pick<CodeFields, "kind" | "code" | "unit">,
): { path: "code" | "unit"; code: string }[] {
  const issues: { path: "code" | "unit"; code: string }[] = [];
  if (c.code && !CODE_FORMATS[c.kind].test(c.code)) issues.push({ path: "code", code: "FIZ006" });
  if (c.kind === "SERVICES" && !c.unit) issues.push({ path: "unit", code: "FIZ001" });
  if (c.kind !== "SERVICES" && c.unit) issues.push({ path: "unit", code: "FIZ007" });
  return issues;
}

function refineCode(c: CodeFields, ctx: z.RefinementCtx): void {
  for (const issue of codeIssues(c))
    ctx.addIssue({ code: "custom", path: [issue.path], message: issue.code });
}

/** The code in its system's form before its format is checked, so m25562 is M25.562 and passes. */
const inSystemForm = <T extends { kind: CodeKind; code: string }>(c: T): T => ({
  ...c,
  code: normalizeCode(c.kind, c.code),
});

export const codeFields = codeObject.transform(inSystemForm).superRefine(refineCode);
export const createCodeInput = codeFields;
export const updateCodeInput = codeObject
  .extend({ id: idSchema })
  .transform(inSystemForm)
  .superRefine(refineCode);
export const codeIdInput = z.object({ kind: codeKindSchema, id: idSchema });
export const listCodesInput = pageInput.extend({ kind: codeKindSchema, search: searchSchema });
export type ListCodesInput = z.infer<typeof listCodesInput>;
export const codeOptionsInput = z.object({ kind: codeKindSchema });
