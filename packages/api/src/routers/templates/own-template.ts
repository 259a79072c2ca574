import type { DbOrTx, UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertNoForeignRecords, assertSameOrganization } from "../../access";

/** A live template of the actor's organisation: FIZ116 when missing or deleted, FIZ415 when another's. */
export function ownTemplate<T extends { id: string; organizationId: string }>(
  actor: UserRow,
  template: T | undefined,
): T {
  if (!template) throw new AppError("FIZ116");
  assertSameOrganization(actor, "template", template);
  return template;
}

/**
 * Templates a new or edited template (or a plan) refers to must be the organisation's own (FIZ415 another's) and
 * live (FIZ116 when missing or deleted); `countLive` counts those of `ids` live in an organisation.
 */
export async function assertAllFound(
  db: DbOrTx,
  actor: UserRow,
  kind: "assessment_template" | "session_template",
  ids: readonly string[],
  field: string,
  countLive: (db: DbOrTx, organizationId: string, ids: readonly string[]) => Promise<number>,
): Promise<void> {
  await assertNoForeignRecords(db, actor, kind, ids);
  if ((await countLive(db, actor.organizationId, ids)) !== new Set(ids).size)
    throw new AppError("FIZ116", {}, { field });
}
