import type { DbOrTx, EventWithProviders } from "@fizio/db";
import type { AuditAction } from "@fizio/domain";
import { audit } from "../audit";
import type { UserContext } from "../context";
import { notifyEvent, scheduleReminder } from "./notify";

/**
 * After an event moved (a staff edit, a patient's reschedule): the move audited with where it was and is, its
 * reminder queued for the new start, and everyone invited told, all in the move's transaction.
 */
export async function recordEventMoved(
  ctx: UserContext,
  tx: DbOrTx,
  action: AuditAction,
  stored: Pick<EventWithProviders, "id" | "startOn" | "endOn">,
  updated: EventWithProviders,
) {
  await audit(
    ctx,
    action,
    "event",
    stored.id,
    {
      patientId: updated.patientId,
      from: { startOn: stored.startOn, endOn: stored.endOn },
      to: { startOn: updated.startOn, endOn: updated.endOn },
    },
    tx,
  );
  await scheduleReminder(ctx, tx, updated);
  await notifyEvent(ctx, "changed", updated, { tx });
}
