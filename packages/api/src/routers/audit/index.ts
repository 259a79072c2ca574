import { listAudit, listErrorLog, writeErrorLog } from "@fizio/db";
import { clientErrorInput, pageInput } from "@fizio/domain";
import { adminProcedure, publicProcedure, resolveUser, router } from "../../trpc";
import { enforceClientErrorLimit } from "./client-error-limit";

const list = adminProcedure.input(pageInput).query(async ({ ctx, input }) => {
  const page = await listAudit(ctx.db, ctx.user.organizationId, input.page, input.pageSize);
  return {
    ...page,
    items: page.items.map((a) => ({
      id: a.id,
      at: a.at,
      actorEmail: a.actorEmail,
      action: a.action,
      entity: a.entity,
      entityId: a.entityId,
      uiLocation: a.uiLocation,
    })),
  };
});

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

export const auditRouter = router({ list, errorLog, reportClientError });
