/** Spec §2: the sub-paths of /parameters/sets and /parameters/codes. */
export const PARAMETER_SET_KINDS = [
  "credentials",
  "types",
  "specialties",
  "organizations",
  "classes",
  "text-activities",
  "image-activities",
  "plan-names",
  "prices",
] as const;

export const CODE_KINDS = ["conditions", "medications", "procedures", "services"] as const;

export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);
