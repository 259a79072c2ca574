import { z } from "zod";

/** Enumerations of spec §3. */
export const roleSchema = z.enum(["ROLE_SUPER_ADMIN", "ROLE_ADMIN", "ROLE_PROVIDER", "ROLE_PATIENT"]);
export type Role = z.infer<typeof roleSchema>;
export const ROLES = roleSchema.options;

export const genderSchema = z.enum(["MALE", "FEMALE"]);
export type Gender = z.infer<typeof genderSchema>;

export const languageSchema = z.enum(["ENGLISH", "SPANISH"]);
export type Language = z.infer<typeof languageSchema>;

export const accessStatusSchema = z.enum(["ACTIVE", "INACTIVE", "NEEDS_REFERRAL"]);
export type AccessStatus = z.infer<typeof accessStatusSchema>;

export const paymentTypeSchema = z.enum(["INSURANCE", "CASH"]);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const careStageSchema = z.enum(["NEW", "ASSESSMENT", "TREATMENT", "TERMINATED", "COMPLETED"]);
export type CareStage = z.infer<typeof careStageSchema>;

/** Events a user can be notified about; each has an email and a text channel (spec §2 Profile). */
export const notificationEventSchema = z.enum([
  "APPOINTMENT_REMINDER",
  "APPOINTMENT_CHANGED",
  "NEW_MESSAGE",
  "NEW_ASSIGNMENT",
  "ANALYSIS_READY",
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
export const NOTIFICATION_EVENTS = notificationEventSchema.options;

export const isAdminRole = (role: Role) => role === "ROLE_ADMIN" || role === "ROLE_SUPER_ADMIN";
