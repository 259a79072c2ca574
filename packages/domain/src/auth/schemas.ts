import { z } from "zod";
import { genderSchema, languageSchema } from "../enums";
import { dateOfBirthSchema, emailSchema, nameSchema, phoneSchema } from "../users/fields";
import { passwordSchema } from "./password";

export const loginInput = z.object({
  email: emailSchema,
  password: z.string({ error: "FIZ037" }).min(1, { error: "FIZ037" }).max(200, { error: "FIZ003" }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const requestPasswordRecoveryInput = z.object({ email: emailSchema });

export const newPasswordFields = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: "FIZ001" }) })
  .refine((v) => v.password === v.confirmPassword, { error: "FIZ034", path: ["confirmPassword"] });

export const createNewPasswordInput = z
  .object({
    token: z.string().min(16, { error: "FIZ201" }).max(200, { error: "FIZ201" }),
    password: passwordSchema,
    confirmPassword: z.string({ error: "FIZ001" }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "FIZ034", path: ["confirmPassword"] });
export type CreateNewPasswordInput = z.infer<typeof createNewPasswordInput>;

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, { error: "FIZ037" }),
    password: passwordSchema,
    confirmPassword: z.string({ error: "FIZ001" }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "FIZ034", path: ["confirmPassword"] })
  .refine((v) => v.password !== v.currentPassword, { error: "FIZ033", path: ["password"] });

export const selfRegistrationInput = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    confirmEmail: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "FIZ001" }),
    dateOfBirth: dateOfBirthSchema,
    gender: genderSchema.optional(),
    phone: phoneSchema.optional(),
    preferredLanguage: languageSchema.default("ENGLISH"),
    captchaToken: z.string().max(4000).optional(),
  })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    error: "FIZ035",
    path: ["confirmEmail"],
  })
  .refine((v) => v.password === v.confirmPassword, { error: "FIZ034", path: ["confirmPassword"] });
export type SelfRegistrationInput = z.infer<typeof selfRegistrationInput>;
