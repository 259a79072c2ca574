import { z } from "zod";
import { SEARCH_MIN_LENGTH } from "../constants";
import {
  accessStatusSchema,
  genderSchema,
  languageSchema,
  paymentTypeSchema,
  type Role,
  roleSchema,
} from "../enums";
import {
  addressSchema,
  dateOfBirthSchema,
  dialCodeSchema,
  emailSchema,
  icd10CmCodeSchema,
  nameSchema,
  npiSchema,
  phoneSchema,
} from "./fields";

export const personalInformationInput = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema.optional(),
  dialCode: dialCodeSchema.default("+1"),
  dateOfBirth: dateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  preferredLanguage: languageSchema,
  address: addressSchema.optional(),
});
export type PersonalInformationInput = z.infer<typeof personalInformationInput>;

/** What an admin fills in for a user (spec §3 User, Provider, Patient); the role decides which apply. */
export const userProfileFields = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  /** Unset: the organisation's default language for a new user, unchanged for an existing one. */
  preferredLanguage: languageSchema.optional(),
  npi: npiSchema.optional(),
  specialty: z.string().trim().max(100, { error: "FIZ003" }).optional(),
  credential: z.string().trim().max(100, { error: "FIZ003" }).optional(),
  location: z.string().trim().max(200, { error: "FIZ003" }).optional(),
  /** A patient's treating provider, whose roster they are on. */
  providerId: z.uuid({ error: "FIZ002" }).optional(),
  /** The provider who referred the patient; a patient needs this one or a treating provider (spec §5). */
  referringProviderId: z.uuid({ error: "FIZ002" }).optional(),
  /** The patient's primary diagnosis, in words and as its ICD-10-CM code. */
  diagnosis: z.string().trim().max(200, { error: "FIZ003" }).optional(),
  diagnosisCode: icd10CmCodeSchema.optional(),
  accessStatus: accessStatusSchema.optional(),
  /** Staff: the organisations they work in (spec §3 organizationAssignment); unset leaves them as they are. */
  organizationIds: z
    .array(z.uuid({ error: "FIZ002" }))
    .min(1, { error: "FIZ001" })
    .max(100, { error: "FIZ009" })
    .optional(),
});
export type UserProfileFields = z.infer<typeof userProfileFields>;

/**
 * A new patient's billing (spec §3 Patient payment type, and the enforce-payment-method flag) is set with the account;
 * later changes go through the billing settings, the one place that edits them.
 */
export const createUserInput = userProfileFields.extend({
  role: roleSchema,
  email: emailSchema,
  paymentType: paymentTypeSchema.nullish(),
  enforcePaymentMethod: z.boolean().optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

export const userIdInput = z.object({ userId: z.uuid({ error: "FIZ002" }) });

/** Delete or expunge, from the list of `listRole` (the admins list deletes admins only: FIZ236). */
export const deleteUserInput = userIdInput.extend({ listRole: roleSchema.optional() });

export const updateUserInput = userProfileFields.extend({ userId: z.uuid({ error: "FIZ002" }) });
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/**
 * Spec §5-§6 by role: a patient needs a treating or a referring provider (FIZ024), a provider a location (FIZ025);
 * a diagnosis code goes with the diagnosis it codes (FIZ001); fields of another role must be empty (FIZ007), so a
 * patient never carries an NPI nor a provider an access status.
 */
type RoleFields = Partial<Omit<CreateUserInput, "role" | "email">>;

export function userRoleIssues(
  role: Role,
  fields: RoleFields,
): { path: keyof RoleFields; code: "FIZ001" | "FIZ007" | "FIZ024" | "FIZ025" }[] {
  const issues: { path: keyof RoleFields; code: "FIZ001" | "FIZ007" | "FIZ024" | "FIZ025" }[] = [];
  const patientOnly = [
    "providerId",
    "referringProviderId",
    "diagnosis",
    "diagnosisCode",
    "accessStatus",
    "paymentType",
    "enforcePaymentMethod",
  ] as const;
  const providerOnly = ["npi", "specialty", "credential"] as const;
  if (role === "ROLE_PATIENT" && !fields.providerId && !fields.referringProviderId)
    issues.push({ path: "providerId", code: "FIZ024" });
  if (role === "ROLE_PATIENT" && fields.diagnosisCode && !fields.diagnosis)
    issues.push({ path: "diagnosis", code: "FIZ001" });
  if (role === "ROLE_PROVIDER" && !fields.location) issues.push({ path: "location", code: "FIZ025" });
  if (role !== "ROLE_PATIENT")
    for (const key of patientOnly) if (fields[key]) issues.push({ path: key, code: "FIZ007" });
  if (role !== "ROLE_PROVIDER")
    for (const key of providerOnly) if (fields[key]) issues.push({ path: key, code: "FIZ007" });
  return issues;
}

/** Search text is optional, but when present must be long enough to be selective (spec §5). */
export const searchSchema = z
  .string()
  .trim()
  .max(100, { error: "FIZ003" })
  .refine((s) => s.length === 0 || s.length >= SEARCH_MIN_LENGTH, { error: "FIZ038" })
  .optional();

export const pageInput = z.object({
  page: z.number().int().min(1, { error: "FIZ010" }).default(1),
  pageSize: z.number().int().min(1, { error: "FIZ010" }).max(100, { error: "FIZ009" }).default(20),
});

export const listUsersInput = pageInput.extend({
  role: roleSchema.optional(),
  search: searchSchema,
  accessStatus: accessStatusSchema.optional(),
  /** Deleted users instead, for restoring one. */
  deleted: z.boolean().default(false),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

/** Before deleting a provider: their roster and open plans move to another provider of the organisation. */
export const reassignPatientsInput = z
  .object({ fromProviderId: z.uuid({ error: "FIZ002" }), toProviderId: z.uuid({ error: "FIZ002" }) })
  .refine((r) => r.fromProviderId !== r.toProviderId, { error: "FIZ002", path: ["toProviderId"] });
