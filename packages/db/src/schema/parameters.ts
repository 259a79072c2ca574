import type { CodeKind, ParameterValueKind, ServiceUnit } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

// Organisations are a parameter set too, kept in the organizations table.
export const parameterValueKindEnum = pgEnum("parameter_value_kind", [
  "CREDENTIALS",
  "TYPES",
  "SPECIALTIES",
  "CLASSES",
  "TEXT_ACTIVITIES",
  "IMAGE_ACTIVITIES",
  "PLAN_NAMES",
  "PRICES",
] as const satisfies readonly ParameterValueKind[]);
export const codeKindEnum = pgEnum("code_kind", [
  "CONDITIONS",
  "MEDICATIONS",
  "PROCEDURES",
  "SERVICES",
] as const satisfies readonly CodeKind[]);
export const serviceUnitEnum = pgEnum("service_unit", [
  "VISIT",
  "FIFTEEN_MINUTES",
  "PERIOD",
] as const satisfies readonly ServiceUnit[]);

/** A value's identity in its set: case and spaces do not count (domain normalizeValue, in SQL). */
export const normalizedValue = (column: unknown) =>
  sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * The super admin's parameter sets (spec §2 /parameters/sets), platform-wide: the values providers, plans
 * and activities pick from. Text activities carry their text, image activities the storage key of their
 * picture, prices the default amount a new organisation's copy starts at.
 */
export const parameterValues = pgTable(
  "parameter_values",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: parameterValueKindEnum("kind").notNull(),
    value: text("value").notNull(),
    text: text("text"),
    imageKey: text("image_key"),
    amountCents: integer("amount_cents"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("parameter_values_kind_value_unique").on(t.kind, normalizedValue(t.value))],
);

/**
 * The code lists (spec §2 /parameters/codes): ICD-10-CM conditions, medications, CPT procedures and the
 * billable services with the unit each is counted in.
 */
export const codes = pgTable(
  "codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: codeKindEnum("kind").notNull(),
    code: text("code").notNull(),
    description: text("description").notNull(),
    unit: serviceUnitEnum("unit"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("codes_kind_code_unique").on(t.kind, sql`upper(${t.code})`),
    index("codes_kind_description_idx").on(t.kind, t.description),
  ],
);
