import type { DbOrTx, UserRow } from "@fizio/db";
import { assertNoForeignRecords } from "../../access";

/**
 * Sessions and activities sent with ids name stored ones: another organisation's are refused (FIZ415) before the
 * plan's own rules call any id that is not the plan's unknown (FIZ121, FIZ111).
 */
export async function assertNoForeignContent(
  db: DbOrTx,
  actor: UserRow,
  sessions: readonly { id?: string; activities: readonly { id?: string }[] }[],
): Promise<void> {
  await assertNoForeignRecords(
    db,
    actor,
    "plan_session",
    sessions.map((s) => s.id),
  );
  await assertNoForeignRecords(
    db,
    actor,
    "plan_activity",
    sessions.flatMap((s) => s.activities.map((a) => a.id)),
  );
}
