import { type DbOrTx, writeAudit } from "@fizio/db";
import type { Context } from "./context";

/** One audit row for a write of clinical or account data, or a read of a patient's record. */
export async function audit(
  ctx: Pick<Context, "db" | "user" | "requestId" | "uiLocation">,
  action: string,
  entity: string,
  entityId: string | null,
  details?: Record<string, unknown>,
  db: DbOrTx = ctx.db,
) {
  await writeAudit(db, {
    organizationId: ctx.user?.organizationId,
    actorId: ctx.user?.id,
    actorEmail: ctx.user?.email,
    action,
    entity,
    entityId,
    details,
    requestId: ctx.requestId,
    uiLocation: ctx.uiLocation,
  });
}
