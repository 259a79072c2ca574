import { boolean, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const notificationEventEnum = pgEnum("notification_event", [
  "APPOINTMENT_REMINDER",
  "APPOINTMENT_CHANGED",
  "NEW_MESSAGE",
  "NEW_ASSIGNMENT",
  "ANALYSIS_READY",
]);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: notificationEventEnum("event").notNull(),
    emailEnabled: boolean("email_enabled").notNull().default(true),
    textMessageEnabled: boolean("text_message_enabled").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

export const termsAcceptances = pgTable(
  "terms_acceptances",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);
