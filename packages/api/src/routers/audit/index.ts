import { exportAudit, listAudit, listErrorLog, listSystemLog, writeErrorLog } from "@fizio/db";
import {
  AUDIT_EXPORT_MAX,
  clientErrorInput,
  exportAuditInput,
  listAuditInput,
  listSystemLogInput,
  pageInput,
} from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { adminProcedure, publicProcedure, resolveUser, router } from "../../trpc";
import { enforceClientErrorLimit } from "./client-error-limit";

/** An audit row as the viewer shows it: who, what, whom (named when one of the organisation's people), where from. */
const entryView = (a: Awaited<ReturnType<typeof exportAudit>>[number]) => ({
  id: a.id,
  at: a.at,
  actorEmail: a.actorEmail,
  action: a.action,
  entity: a.entity,
  entityId: a.entityId,
  subjectName: a.subjectFirstName ? `${a.subjectFirstName} ${a.subjectLastName}` : null,
  uiLocation: a.uiLocation,
});

/** A patient filter must be a patient of the admin's organisation (FIZ415 for another's). */
async function assertPatientFilter(ctx: UserContext, patientId: string | undefined) {
  if (patientId) await loadPatientFor(ctx.user, patientId, ctx.db);
}

/** /audit: the organisation's trail of reads and writes, filtered by actor, action, patient and days. */
const list = adminProcedure.input(listAuditInput).query(async ({ ctx, input }) => {
  await assertPatientFilter(ctx, input.patientId);
  const page = await listAudit(ctx.db, ctx.user.organizationId, input);
  return { ...page, items: page.items.map(entryView) };
});

/** The same trail for a CSV file: the newest AUDIT_EXPORT_MAX entries matching; exporting it is audited too. */
const exportEntries = adminProcedure.input(exportAuditInput).query(async ({ ctx, input }) => {
  await assertPatientFilter(ctx, input.patientId);
  const rows = await exportAudit(ctx.db, ctx.user.organizationId, input, AUDIT_EXPORT_MAX);
  await audit(ctx, "audit.export", "audit_log", null, { ...input, rows: rows.length });
  return { items: rows.map(entryView), truncated: rows.length === AUDIT_EXPORT_MAX };
});

/**
 * /audit/system-log: the runners' job failures and worker starts and stops (shared infrastructure, so every admin
 * sees them; their details hold a task name and a trimmed error), and the organisation's sign-ins, account and
 * setting changes.
 */
const systemLog = adminProcedure
  .input(listSystemLogInput)
  .query(({ ctx, input }) => listSystemLog(ctx.db, ctx.user.organizationId, input));

/** Spec §6: an admin reads their organisation's errors; a super admin every one, anonymous ones included. */
const errorLog = adminProcedure.input(pageInput).query(async ({ ctx, input }) => {
  const scope = ctx.user.role === "ROLE_SUPER_ADMIN" ? "ALL" : { organizationId: ctx.user.organizationId };
  const page = await listErrorLog(ctx.db, scope, input.page, input.pageSize);
  return {
    ...page,
    items: page.items.map((e) => ({
      id: e.id,
      at: e.at,
      kind: e.kind,
      message: e.message,
      path: e.path,
      role: e.role,
      status: e.status,
    })),
  };
});

/**
 * The browser's error reporter (spec §7, §8 rendering errors); public so the login page can report too, hence
 * throttled (FIZ260). A report is filed under the reporter's organisation, or none when anonymous.
 */
const reportClientError = publicProcedure.input(clientErrorInput).mutation(async ({ ctx, input }) => {
  const user = await resolveUser(ctx).catch(() => null);
  await enforceClientErrorLimit(ctx, user);
  await writeErrorLog(ctx.db, {
    organizationId: user?.organizationId ?? null,
    source: "web",
    kind: input.kind,
    message: input.message,
    stack: input.stack,
    path: input.path,
    role: user?.role ?? input.role,
    status: input.status,
    userId: user?.id,
    requestId: ctx.requestId,
  });
  return { ok: true as const };
});

export const auditRouter = router({ list, export: exportEntries, errorLog, systemLog, reportClientError });
