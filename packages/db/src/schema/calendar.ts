import { EVENT_MAX_DURATION_MINUTES, type EventStatus, type EventType } from "@fizio/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { languageEnum, users } from "./users";

export const eventStatusEnum = pgEnum("event_status", [
  "SCHEDULED",
  "ONGOING",
  "COMPLETED",
  "CANCELLED",
  "NO_SHOW",
] as const satisfies readonly EventStatus[]);
export const eventTypeEnum = pgEnum("event_type", [
  "SERVICE",
  "NON_SERVICE",
  "EXTERNAL",
] as const satisfies readonly EventType[]);

/** A provider's public calendar: its unguessable id, the external-availability switch and their time zone. */
export const providerCalendars = pgTable(
  "provider_calendars",
  {
    providerId: uuid("provider_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    calendarId: text("calendar_id").notNull(),
    externalEnabled: boolean("external_enabled").notNull().default(false),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("provider_calendars_calendar_id_unique").on(t.calendarId)],
);

/** Weekly external availability, minutes since midnight in the provider's zone; replaced as a whole on save. */
export const availabilitySlots = pgTable(
  "availability_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dayOfWeek: smallint("day_of_week").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [index("availability_slots_provider_idx").on(t.providerId)],
);

/**
 * The longest event the API accepts (FIZ009), as the database holds it too: a range read bounds the events' start
 * from both sides on the strength of it (queries/calendar.ts).
 */
const maxDuration = sql.raw(`interval '${EVENT_MAX_DURATION_MINUTES} minutes'`);

/** Spec §3 Event/appointment. Instants are timestamptz; the viewer's zone is applied when shown. */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    eventType: eventTypeEnum("event_type").notNull(),
    status: eventStatusEnum("status").notNull().default("SCHEDULED"),
    /** A video visit: it gets a room with invitation links. */
    video: boolean("video").notNull().default(false),
    startOn: timestamp("start_on", { withTimezone: true }).notNull(),
    endOn: timestamp("end_on", { withTimezone: true }).notNull(),
    serviceCode: text("service_code"),
    serviceName: text("service_name"),
    patientId: uuid("patient_id").references(() => users.id),
    title: text("title"),
    notes: text("notes"),
    /** A visitor's booking: who to reach, in which zone and language they booked. */
    externalName: text("external_name"),
    externalEmail: text("external_email"),
    externalPhone: text("external_phone"),
    externalTimeZone: text("external_time_zone"),
    externalLanguage: languageEnum("external_language"),
    /** SHA-256 of the cancellation link's token; the token itself is only in the visitor's email. */
    cancelTokenHash: text("cancel_token_hash"),
    /**
     * The invitation's revision (RFC 5545 SEQUENCE): grows with every change, so calendar apps take a
     * changed or cancelled copy over the earlier one.
     */
    sequence: integer("sequence").notNull().default(0),
    /** Set by the reminder job when it sends, so a retried or repeated job sends once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("events_org_start_idx").on(t.organizationId, t.startOn),
    index("events_patient_start_idx").on(t.patientId, t.startOn),
    check("events_max_duration", sql`${t.endOn} <= ${t.startOn} + ${maxDuration}`),
  ],
);

/**
 * The providers of an event with a copy of its time. An exclusion constraint (migration 0005) keeps a
 * provider's active rows from overlapping, so no two requests can double-book, however they race.
 */
export const eventProviders = pgTable(
  "event_providers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id),
    startOn: timestamp("start_on", { withTimezone: true }).notNull(),
    endOn: timestamp("end_on", { withTimezone: true }).notNull(),
    /** False once the event is cancelled: it no longer holds the provider's time. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.providerId] }),
    index("event_providers_provider_start_idx").on(t.providerId, t.startOn),
    check("event_providers_max_duration", sql`${t.endOn} <= ${t.startOn} + ${maxDuration}`),
  ],
);

/** The exclusion constraint's name, which the API maps to "Conflicting event exists in calendar". */
export const EVENT_PROVIDERS_NO_OVERLAP = "event_providers_no_overlap";
