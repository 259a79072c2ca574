import type { Db } from "@fizio/db";

/** Input field name → the values the database holds for it. */
export type Pools = Map<string, unknown[]>;

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Rows read per column: enough to mix the callers' own records with other organisations'. */
const PER_COLUMN = 12;

/**
 * Real values for the fields inputs name, read from the harness database: a `patientId` is drawn from every
 * `patient_id` column, an `eventId` from those and the `events` table's ids, a plain `id` from any table's ids, and
 * so on, so that calls reach past "not found" into the code that writes. `exclude` keeps the callers' own user ids
 * out: no fuzzed call disables, deletes or locks the accounts the fuzzer signs in with.
 */
export async function loadPools(
  db: Db,
  fields: Iterable<string>,
  exclude: readonly string[],
): Promise<Pools> {
  const { rows: columns } = await db.$client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
  );
  const read = async (table: string, column: string) =>
    (
      await db.$client.query<{ v: unknown }>(
        `SELECT DISTINCT "${column}"::text AS v FROM "${table}" WHERE "${column}" IS NOT NULL LIMIT ${PER_COLUMN}`,
      )
    ).rows.map((r) => r.v);

  const pools: Pools = new Map();
  for (const field of new Set(fields)) {
    const column = snake(field);
    const stem = column.replace(/_id$/, "");
    const sources = columns.filter(
      (c) =>
        (c.column_name === column && column !== "id") ||
        (column.endsWith("_id") && c.column_name === "id" && [stem, `${stem}s`].includes(c.table_name)) ||
        (column === "id" && c.column_name === "id"),
    );
    const values = new Set<unknown>();
    for (const source of sources)
      for (const value of await read(source.table_name, source.column_name)) values.add(value);
    for (const id of exclude) values.delete(id);
    if (values.size > 0) pools.set(field, [...values]);
  }
  return pools;
}
