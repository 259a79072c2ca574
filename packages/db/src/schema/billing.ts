import type { ReviewSurface } from "@fizio/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { recordings } from "./analysis";
import { events } from "./calendar";
import { patientRecordColumns, patientSettingColumns, timestamps } from "./columns";
import { organizations } from "./organizations";
import { healthPlans } from "./records";
import { paymentTypeEnum, users } from "./users";

/**
 * Money is integer cents in every table (spec §5); a check keeps each amount in its range even against a
 * hand-written UPDATE.
 */
export const prices = pgTable(
  "prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /**
     * The SERVICES code (CPT) this price is the unit price of; a visit billing the code pays it per unit.
     * Null for a price that names no code (the Standard price, a fee adjustment's price).
     */
    serviceCode: text("service_code"),
    /** The organisation's Standard price: one, never deleted, never renamed. */
    standard: boolean("standard").notNull().default(false),
    /** Deleted prices stay for the adjustments and entries that used them. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("prices_description_unique")
      .on(t.organizationId, sql`lower(${t.description})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("prices_one_standard").on(t.organizationId).where(sql`${t.standard}`),
    uniqueIndex("prices_service_code_unique")
      .on(t.organizationId, t.serviceCode)
      .where(sql`${t.deletedAt} is null and ${t.serviceCode} is not null`),
    check("prices_amount_range", sql`${t.amountCents} between 0 and 99999`),
  ],
);

/** A cash patient's other price for a span of days (the price adjustment screen). */
export const feeAdjustments = pgTable(
  "fee_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientSettingColumns(),
    priceId: uuid("price_id")
      .notNull()
      .references(() => prices.id),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    createdBy: uuid("created_by").references(() => users.id),
    ...timestamps(),
  },
  (t) => [index("fee_adjustments_patient_idx").on(t.patientId, t.startDate)],
);

export const billingSourceEnum = pgEnum("billing_source", ["EVENT", "RTM"]);
export const billingEntryStatusEnum = pgEnum("billing_entry_status", ["BILLED", "ERROR"]);

/**
 * What a completed service (or a remote-monitoring period) bills: copied facts, so a later price or plan
 * change never rewrites it. An entry that could not be computed keeps its FIZ code until recomputed.
 */
export const billingEntries = pgTable(
  "billing_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    source: billingSourceEnum("source").notNull(),
    eventId: uuid("event_id").references(() => events.id),
    rtmPeriodStart: date("rtm_period_start", { mode: "string" }),
    providerId: uuid("provider_id").references(() => users.id),
    serviceCode: text("service_code").notNull(),
    serviceName: text("service_name").notNull(),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull().default(0),
    status: billingEntryStatusEnum("status").notNull(),
    errorCode: text("error_code"),
    units: integer("units"),
    unitPriceCents: integer("unit_price_cents"),
    amountCents: integer("amount_cents"),
    payer: paymentTypeEnum("payer"),
    healthPlanId: uuid("health_plan_id").references(() => healthPlans.id),
    planName: text("plan_name"),
    planId: text("plan_number"),
    feeAdjustmentId: uuid("fee_adjustment_id").references(() => feeAdjustments.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("billing_entries_event_unique").on(t.eventId).where(sql`${t.eventId} is not null`),
    uniqueIndex("billing_entries_rtm_unique")
      .on(t.patientId, t.rtmPeriodStart, t.serviceCode)
      .where(sql`${t.rtmPeriodStart} is not null`),
    index("billing_entries_patient_date_idx").on(t.patientId, t.serviceDate),
    index("billing_entries_org_payer_idx").on(t.organizationId, t.payer),
    // The insurance list's entries per plan, and the key's check when a plan would go.
    index("billing_entries_health_plan_idx").on(t.healthPlanId).where(sql`${t.healthPlanId} is not null`),
  ],
);

/** The patient's Stripe customer, made on their first card. */
export const paymentCustomers = pgTable("payment_customers", {
  patientId: uuid("patient_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card Stripe confirmed through its webhook; Stripe holds the number, we keep what identifies it. A removed card is
 * only marked (deleted_at, detached at Stripe): the transactions charged to it still name it.
 */
export const paymentCards = pgTable(
  "payment_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientSettingColumns(),
    paymentMethodId: text("payment_method_id").notNull().unique(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    primary: boolean("primary").notNull().default(false),
    expired: boolean("expired").notNull().default(false),
    ...timestamps(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_cards_one_primary").on(t.patientId).where(sql`${t.primary}`),
    index("payment_cards_patient_idx").on(t.patientId),
  ],
);

export const paymentMethodEnum = pgEnum("payment_method", ["CASH", "CARD"]);
export const transactionStatusEnum = pgEnum("transaction_status", ["SUCCEEDED", "PENDING", "FAILED"]);

/** A payment recorded by an admin: cash at the desk, or a card charge through a PaymentIntent. */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    amountCents: integer("amount_cents").notNull(),
    method: paymentMethodEnum("method").notNull(),
    status: transactionStatusEnum("status").notNull(),
    cardId: uuid("card_id").references(() => paymentCards.id),
    paymentIntentId: text("payment_intent_id").unique(),
    note: text("note").notNull().default(""),
    recordedBy: uuid("recorded_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_org_created_idx").on(t.organizationId, t.createdAt),
    index("transactions_patient_idx").on(t.patientId, t.createdAt),
    check("transactions_amount_range", sql`${t.amountCents} between 100 and 99999`),
  ],
);

/** Stripe webhook events already applied: a redelivered event is recognised by its id and skipped. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where review time was spent: a recording's page, the patient's chart, or messages with the patient. */
export const reviewSurfaceEnum = pgEnum("review_surface", [
  "RECORDING",
  "CHART",
  "MESSAGES",
] as const satisfies readonly ReviewSurface[]);

/**
 * Time a provider spent reviewing a patient's record (a recording, the chart, messages), per day on the clinic's
 * calendar: the treatment-management minutes remote monitoring counts besides video visits. The page reports
 * visible, active time in short beats and a last one by beacon when it is left.
 */
export const recordingReviews = pgTable(
  "recording_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id),
    surface: reviewSurfaceEnum("surface").notNull().default("RECORDING"),
    /** The recording reviewed; none on the chart or messages. */
    recordingId: uuid("recording_id").references(() => recordings.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    seconds: integer("seconds").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // One row a day per provider and thing reviewed; the chart's and messages' rows have no recording.
    unique("recording_reviews_provider_subject_day")
      .on(t.providerId, t.patientId, t.surface, t.recordingId, t.day)
      .nullsNotDistinct(),
    index("recording_reviews_patient_day_idx").on(t.patientId, t.day),
    // The provider activity report, by organisation and day.
    index("recording_reviews_org_day_idx").on(t.organizationId, t.day),
  ],
);
