import type { CodeFields, CodeKind, ParameterValueKind } from "@fizio/domain";
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  activityTemplates,
  billingEntries,
  codes,
  events,
  healthPlans,
  medicalHistoryEntries,
  normalizedValue,
  organizations,
  parameterValues,
  planActivities,
  prices,
  sessionTemplateActivities,
  users,
} from "../schema";
import { containsAny, offsetOf, type PageRequest } from "./paging";

async function paged<T>(rows: Promise<T[]>, total: Promise<{ value: number }[]>, q: PageRequest) {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, total: counted?.value ?? 0, page: q.page, pageSize: q.pageSize };
}

// ---- parameter sets kept in parameter_values

export type ParameterValueRow = typeof parameterValues.$inferSelect;

export function listParameterValues(db: DbOrTx, kind: ParameterValueKind, q: PageRequest) {
  const where = and(
    eq(parameterValues.kind, kind),
    containsAny(q.search, [parameterValues.value, parameterValues.text]),
  );
  return paged(
    db
      .select()
      .from(parameterValues)
      .where(where)
      .orderBy(asc(sql`lower(${parameterValues.value})`), asc(parameterValues.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ value: count() }).from(parameterValues).where(where),
    q,
  );
}

/** Every value of a set, for a picker. */
export function parameterValueOptions(db: DbOrTx, kind: ParameterValueKind) {
  return db
    .select()
    .from(parameterValues)
    .where(eq(parameterValues.kind, kind))
    .orderBy(asc(sql`lower(${parameterValues.value})`));
}

export async function findParameterValue(db: DbOrTx, id: string) {
  const [row] = await db.select().from(parameterValues).where(eq(parameterValues.id, id));
  return row;
}

/** The set's value equal to `value` regardless of case and spacing, other than `exceptId`. */
export async function findSameParameterValue(
  db: DbOrTx,
  kind: ParameterValueKind,
  value: string,
  exceptId?: string,
) {
  const [row] = await db
    .select()
    .from(parameterValues)
    .where(
      and(
        eq(parameterValues.kind, kind),
        sql`${normalizedValue(parameterValues.value)} = ${normalizedValue(sql`${value}::text`)}`,
        exceptId ? ne(parameterValues.id, exceptId) : undefined,
      ),
    );
  return row;
}

/** The shared library's image activities among `ids`, with the key of each one's picture. */
export function findImageActivities(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: parameterValues.id, imageKey: parameterValues.imageKey })
    .from(parameterValues)
    .where(and(eq(parameterValues.kind, "IMAGE_ACTIVITIES"), inArray(parameterValues.id, [...ids])));
}

type ParameterValueWrite = Pick<ParameterValueRow, "kind" | "value" | "text" | "imageKey" | "amountCents">;

export async function insertParameterValue(db: DbOrTx, values: ParameterValueWrite) {
  const [row] = await db.insert(parameterValues).values(values).returning();
  return row!;
}

export async function updateParameterValue(db: DbOrTx, id: string, values: ParameterValueWrite) {
  const [row] = await db
    .update(parameterValues)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(parameterValues.id, id))
    .returning();
  return row;
}

export async function deleteParameterValue(db: DbOrTx, id: string) {
  await db.delete(parameterValues).where(eq(parameterValues.id, id));
}

const sameText = (column: SQL | typeof users.specialty, value: string) =>
  sql`${normalizedValue(column)} = ${normalizedValue(sql`${value}::text`)}`;

async function countWhere(
  db: DbOrTx,
  table: Parameters<ReturnType<DbOrTx["select"]>["from"]>[0],
  where: SQL,
) {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}

/**
 * How many records hold this value: providers with the specialty or credential, health plans with the plan
 * name, activities (library, session templates, plans) made from the text activity (its name, as the editor
 * copies it) or showing the image activity's picture. Types, classes and prices are held by nothing (a
 * catalogue price is copied into a new organisation's own list), so they are never in use.
 */
export async function parameterValueUses(db: DbOrTx, row: ParameterValueRow): Promise<number> {
  const activityTables = [activityTemplates, sessionTemplateActivities, planActivities] as const;
  switch (row.kind) {
    case "SPECIALTIES":
      return countWhere(db, users, sameText(sql`${users.specialty}`, row.value));
    case "CREDENTIALS":
      return countWhere(db, users, sameText(sql`${users.credential}`, row.value));
    case "PLAN_NAMES":
      return countWhere(db, healthPlans, sameText(sql`${healthPlans.planName}`, row.value));
    case "TEXT_ACTIVITIES": {
      const counts = await Promise.all(
        activityTables.map((t) =>
          countWhere(db, t, sql`${t.type} = 'TEXT' and ${sameText(sql`${t.name}`, row.value)}`),
        ),
      );
      return counts.reduce((a, b) => a + b, 0);
    }
    case "IMAGE_ACTIVITIES": {
      const counts = await Promise.all(activityTables.map((t) => countWhere(db, t, eq(t.imageId, row.id))));
      return counts.reduce((a, b) => a + b, 0);
    }
    default:
      return 0;
  }
}

// ---- organisations (the ORGANIZATIONS set)

export function listOrganizationsPage(db: DbOrTx, q: PageRequest) {
  const where = containsAny(q.search, [organizations.name]);
  return paged(
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        isDefault: organizations.isDefault,
        users: count(users.id),
      })
      .from(organizations)
      .leftJoin(users, eq(users.organizationId, organizations.id))
      .where(where)
      .groupBy(organizations.id)
      .orderBy(asc(sql`lower(${organizations.name})`))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ value: count() }).from(organizations).where(where),
    q,
  );
}

export async function findSameOrganization(db: DbOrTx, name: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      and(
        sql`${normalizedValue(organizations.name)} = ${normalizedValue(sql`${name}::text`)}`,
        exceptId ? ne(organizations.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function renameOrganization(db: DbOrTx, id: string, name: string) {
  const [row] = await db.update(organizations).set({ name }).where(eq(organizations.id, id)).returning();
  return row;
}

export const countOrganizationUsers = (db: DbOrTx, id: string) =>
  countWhere(db, users, eq(users.organizationId, id));

/**
 * Removes an organisation and the prices it was created with. Anything else that names it (users, records,
 * templates, events, a fee adjustment or billing entry using a price, an assignment) makes Postgres refuse
 * with a foreign-key violation, which the caller reports as 'Organization is in use': the database knows
 * every table that refers to it, also the ones added later.
 */
export async function deleteOrganization(db: DbOrTx, id: string) {
  await db.delete(prices).where(eq(prices.organizationId, id));
  await db.delete(organizations).where(eq(organizations.id, id));
}

// ---- codes

export type CodeRow = typeof codes.$inferSelect;

export function listCodes(db: DbOrTx, kind: CodeKind, q: PageRequest) {
  const where = and(eq(codes.kind, kind), containsAny(q.search, [codes.code, codes.description]));
  return paged(
    db.select().from(codes).where(where).orderBy(asc(codes.code)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ value: count() }).from(codes).where(where),
    q,
  );
}

/** Every code of a kind, for a picker (the calendar's services, the medical history's conditions). */
export function codeOptions(db: DbOrTx, kind: CodeKind) {
  return db.select().from(codes).where(eq(codes.kind, kind)).orderBy(asc(codes.code));
}

export async function findCodeById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(codes).where(eq(codes.id, id));
  return row;
}

/** The code of that kind (codes are stored upper-case), or undefined. */
export async function findCode(db: DbOrTx, kind: CodeKind, code: string) {
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.kind, kind), eq(sql`upper(${codes.code})`, code.trim().toUpperCase())));
  return row;
}

/** The codes of the kinds given, e.g. both billable lists. */
export function findCodes(db: DbOrTx, kinds: CodeKind[], code: string) {
  return db
    .select()
    .from(codes)
    .where(and(inArray(codes.kind, kinds), eq(sql`upper(${codes.code})`, code.trim().toUpperCase())));
}

export async function existingCodes(db: DbOrTx, kind: CodeKind): Promise<Set<string>> {
  const rows = await db.select({ code: codes.code }).from(codes).where(eq(codes.kind, kind));
  return new Set(rows.map((r) => r.code.toUpperCase()));
}

export async function insertCodes(db: DbOrTx, rows: CodeFields[]) {
  if (rows.length === 0) return [];
  return db.insert(codes).values(rows).returning();
}

export async function updateCode(db: DbOrTx, id: string, values: Omit<CodeFields, "kind">) {
  const [row] = await db
    .update(codes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(codes.id, id))
    .returning();
  return row;
}

export async function deleteCode(db: DbOrTx, id: string) {
  await db.delete(codes).where(eq(codes.id, id));
}

/**
 * How many records carry this code: medical-history conditions for a condition; events and billing entries
 * for a service. Medications and procedures in the medical history are named, not coded, so nothing holds them.
 */
export async function codeUses(db: DbOrTx, row: CodeRow): Promise<number> {
  const code = row.code.toUpperCase();
  if (row.kind === "CONDITIONS")
    return countWhere(
      db,
      medicalHistoryEntries,
      and(eq(medicalHistoryEntries.kind, "CONDITION"), eq(sql`upper(${medicalHistoryEntries.code})`, code))!,
    );
  if (row.kind === "SERVICES") {
    const [inEvents, inEntries] = await Promise.all([
      countWhere(db, events, eq(sql`upper(${events.serviceCode})`, code)),
      countWhere(db, billingEntries, eq(sql`upper(${billingEntries.serviceCode})`, code)),
    ]);
    return inEvents + inEntries;
  }
  return 0;
}
