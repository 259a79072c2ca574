import { timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

/** Column groups many tables share; spread into a table's columns so each is defined (and migrated) alike. */
export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A row of a patient's record: its organisation, and the patient it belongs to. It keeps the patient: expunge is
 * refused while the patient has any (spec §6, FIZ234), and the key refuses it too.
 */
export const patientRecordColumns = () => ({
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  patientId: uuid("patient_id")
    .notNull()
    .references(() => users.id),
});

/**
 * A patient's own settings row that history only names (a card, a price agreement): it goes with an expunged
 * patient, while a NO ACTION key from the history that names it keeps any that history needs.
 */
export const patientSettingColumns = () => ({
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  patientId: uuid("patient_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});
