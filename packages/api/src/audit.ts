import { type AuditEntry, type DbOrTx, writeAudit } from "@fizio/db";
import type { AuditAction } from "@fizio/domain";
import type { OrganizationDeniedError } from "./access";
import type { Context } from "./context";

/** The audit row of the caller's act, for a write that carries its own audit (withAudit). */
export function auditEntry(
  ctx: Pick<Context, "user" | "requestId" | "uiLocation">,
  action: AuditAction,
  entity: string,
  entityId: string | null,
  details?: Record<string, unknown>,
): AuditEntry {
  return {
    organizationId: ctx.user?.organizationId,
    actorId: ctx.user?.id,
    actorEmail: ctx.user?.email,
    action,
    entity,
    entityId,
    details,
    requestId: ctx.requestId,
    uiLocation: ctx.uiLocation,
  };
}

/**
 * One audit row for a write of clinical or account data, or a read of a patient's record. A read's row is committed
 * before the read is answered, without waiting for the disk; a write's waits for it (writeAudit).
 */
export async function audit(
  ctx: Pick<Context, "db" | "user" | "requestId" | "uiLocation" | "readOnly">,
  action: AuditAction,
  entity: string,
  entityId: string | null,
  details?: Record<string, unknown>,
  db: DbOrTx = ctx.db,
) {
  await writeAudit(db, auditEntry(ctx, action, entity, entityId, details), { waitForDisk: !ctx.readOnly });
}

/**
 * An audit row about a calendar event, filed under the event's organisation: on the public booking pages and in
 * a video visit the caller may be a visitor or guest with no account (and so no organisation of their own).
 */
export function auditEvent(
  ctx: Pick<Context, "db" | "user" | "requestId" | "uiLocation" | "readOnly">,
  action: AuditAction,
  event: { id: string; organizationId: string; patientId: string | null },
  details: Record<string, unknown>,
  db: DbOrTx = ctx.db,
) {
  const entry = auditEntry(ctx, action, "event", event.id, { patientId: event.patientId, ...details });
  return writeAudit(db, { ...entry, organizationId: event.organizationId }, { waitForDisk: !ctx.readOnly });
}

/**
 * Reading a list of patients' records: what was asked for (page, filters, search) and which rows were shown,
 * under the patient the list was narrowed to, if any.
 */
export function auditListRead(
  ctx: Pick<Context, "db" | "user" | "requestId" | "uiLocation" | "readOnly">,
  action: AuditAction,
  patientId: string | null | undefined,
  input: object,
  shown: readonly { id: string }[],
) {
  return audit(ctx, action, "patient", patientId ?? null, { ...input, ids: shown.map((row) => row.id) });
}

/**
 * A refused cross-organisation attempt, written on the API's error path. The refusal stands even when the
 * write fails; the failure is logged with what was refused, so the attempt is never lost silently.
 */
export async function auditAccessDenied(
  ctx: Pick<Context, "db" | "log" | "requestId" | "uiLocation">,
  denial: OrganizationDeniedError,
  path: string,
): Promise<void> {
  const details = { path, targetOrganizationId: denial.targetOrganizationId };
  const { actor } = denial;
  const entry = {
    ...auditEntry(
      { user: null, requestId: ctx.requestId, uiLocation: ctx.uiLocation },
      "access.denied",
      denial.entity,
      denial.entityId,
      details,
    ),
    organizationId: actor.organizationId,
    actorId: actor.id,
    actorEmail: actor.email,
  };
  // A security event: it waits for the disk, even when the refused call was a read.
  await writeAudit(ctx.db, entry, { waitForDisk: true }).catch((err: unknown) =>
    ctx.log.error(
      { err, actorId: actor.id, entity: denial.entity, entityId: denial.entityId, ...details },
      "could not audit a refused cross-organisation access",
    ),
  );
}
