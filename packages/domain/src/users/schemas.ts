import { z } from "zod";
import { SEARCH_MIN_LENGTH } from "../constants";
import { accessStatusSchema, genderSchema, languageSchema, roleSchema } from "../enums";
import {
  addressSchema,
  dateOfBirthSchema,
  dialCodeSchema,
  emailSchema,
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

export const createUserInput = z.object({
  role: roleSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  preferredLanguage: languageSchema.default("ENGLISH"),
  npi: npiSchema.optional(),
  specialty: z.string().max(100, { error: "FIZ003" }).optional(),
  credential: z.string().max(100, { error: "FIZ003" }).optional(),
  location: z.string().max(200, { error: "FIZ003" }).optional(),
  providerId: z.uuid({ error: "FIZ002" }).optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

export const userIdInput = z.object({ userId: z.uuid({ error: "FIZ002" }) });

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
});
export type ListUsersInput = z.infer<typeof listUsersInput>;
