import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

export const roleEnum = pgEnum("role", ["ROLE_SUPER_ADMIN", "ROLE_ADMIN", "ROLE_PROVIDER", "ROLE_PATIENT"]);
export const genderEnum = pgEnum("gender", ["MALE", "FEMALE"]);
export const languageEnum = pgEnum("language", ["ENGLISH", "SPANISH"]);
export const accessStatusEnum = pgEnum("access_status", ["ACTIVE", "INACTIVE", "NEEDS_REFERRAL"]);
export const careStageEnum = pgEnum("care_stage", [
  "NEW",
  "ASSESSMENT",
  "TREATMENT",
  "TERMINATED",
  "COMPLETED",
]);
export const paymentTypeEnum = pgEnum("payment_type", ["INSURANCE", "CASH"]);

/**
 * Every person who signs in. Column names follow spec §3 "User"; better-auth reads id, name, email,
 * emailVerified, image and the timestamps, the rest are ours.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    role: roleEnum("role").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    name: text("name").notNull(),
    image: text("image"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    dialCode: text("dial_code").notNull().default("+1"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    gender: genderEnum("gender"),
    preferredLanguage: languageEnum("preferred_language").notNull().default("ENGLISH"),
    streetAddress: text("street_address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    npi: text("npi"),
    specialty: text("specialty"),
    credential: text("credential"),
    location: text("location"),
    isDefaultProvider: boolean("is_default_provider").notNull().default(false),
    /** Patients: the treating provider whose roster they are on. */
    providerId: uuid("provider_id"),
    /** Patients: the provider who referred them (spec §3); they need this one or a treating provider. */
    referringProviderId: uuid("referring_provider_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** Patients: the primary diagnosis and its ICD-10-CM code. */
    diagnosis: text("diagnosis"),
    diagnosisCode: text("diagnosis_code"),
    paymentType: paymentTypeEnum("payment_type"),
    careStage: careStageEnum("care_stage"),
    accessStatus: accessStatusEnum("access_status").notNull().default("ACTIVE"),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(true),
    enforcePaymentMethod: boolean("enforce_payment_method").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    /** Consecutive failed sign-ins since the last success; drives the growing lock below. */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    /** Sign-in refused until then after repeated failures (spec: brute-force protection). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** A verified authenticator (TOTP) is the second factor at sign-in (better-auth's two-factor plugin sets it). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_org_role_idx").on(t.organizationId, t.role),
    index("users_provider_idx").on(t.providerId),
    index("users_referring_provider_idx").on(t.referringProviderId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The organisation this session works in, for staff assigned to several; null is the home organisation. */
    activeOrganizationId: uuid("active_organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    /**
     * The user's last activity in this session, written at most every IDLE_LOGOFF.writeEveryMs: a session idle past
     * the organisation's limit is refused and revoked. Only this column changing does not notify the session caches.
     */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Credentials (better-auth "account"): the argon2id password hash lives here, never on users. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** One-time tokens (password recovery). */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * A user's authenticator (better-auth "twoFactor"): the TOTP secret and the unused recovery codes, both encrypted
 * with the auth secret. `verified` is false between enrolment's start and its first correct code.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(true),
    /** better-auth's own lock is off (ours counts these failures with the password's): kept for its adapter. */
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("two_factors_user_unique").on(t.userId)],
);

/**
 * Authenticator codes accepted at sign-in, kept while they could still be accepted (the ±1 time step): the same
 * code is refused again (RFC 6238 §5.2). The primary key makes two requests racing with one code claim it once.
 */
export const twoFactorUsedCodes = pgTable(
  "two_factor_used_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);
