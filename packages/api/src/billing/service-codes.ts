import { type DbOrTx, findCode } from "@fizio/db";

/** A billable service (an event's or a remote-monitoring code) as the SERVICES codes have it, or undefined. */
export async function billableService(db: DbOrTx, code: string) {
  const row = await findCode(db, "SERVICES", code);
  return row?.unit ? { code: row.code, name: row.description, unit: row.unit } : undefined;
}
