import type { CodeKind } from "./kinds";

/**
 * ICD-10-CM as the classification writes it, and FHIR's ICD-10-CM system expects it: upper case, with the dot
 * after the three-character category. Claims drop the dot, people type lower case: s83511a and " s83.511a " are
 * both S83.511A. Something that is not shaped like a code is only trimmed and upper-cased, for the format check
 * to refuse.
 */
export function normalizeIcd10Cm(code: string): string {
  const upper = code.trim().toUpperCase();
  const dotless = /^([A-Z][0-9][0-9A-Z])([0-9A-Z]{1,4})$/.exec(upper);
  return dotless ? `${dotless[1]}.${dotless[2]}` : upper;
}

/**
 * A code in its system's written form, however it was typed: ICD-10-CM conditions as above; CPT, HCPCS, NDC and
 * RxNorm codes trimmed and upper-cased (their letters are upper case: 0232T, G0283).
 */
export const normalizeCode = (kind: CodeKind, code: string): string =>
  kind === "CONDITIONS" ? normalizeIcd10Cm(code) : code.trim().toUpperCase();
