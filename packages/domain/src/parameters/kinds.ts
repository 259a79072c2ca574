/**
 * Spec §3 "Parameter sets": the super admin's lists of values the rest of the product picks from. The kinds
 * are plain lists here and their schemas live with the inputs (values.ts, codes.ts): the web's route files
 * read kinds from the entry chunk, which a module defining a schema would bring zod into.
 */
export const PARAMETER_SET_KINDS = [
  "CREDENTIALS",
  "TYPES",
  "SPECIALTIES",
  "ORGANIZATIONS",
  "CLASSES",
  "TEXT_ACTIVITIES",
  "IMAGE_ACTIVITIES",
  "PLAN_NAMES",
  "PRICES",
] as const;
export type ParameterSetKind = (typeof PARAMETER_SET_KINDS)[number];

/** The sets kept in the parameter_values table (organisations are the organizations table itself). */
export type ParameterValueKind = Exclude<ParameterSetKind, "ORGANIZATIONS">;

/** Spec §3 "Code kinds". */
export const CODE_KINDS = ["CONDITIONS", "MEDICATIONS", "PROCEDURES", "SERVICES"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** The URL segment of a kind (spec §2: /parameters/sets/text-activities) and back. */
export const kindSlug = (kind: string) => kind.toLowerCase().replaceAll("_", "-");
export const kindOfSlug = <K extends string>(kinds: readonly K[], slug: string): K | undefined =>
  kinds.find((kind) => kindSlug(kind) === slug);
