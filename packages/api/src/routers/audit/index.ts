import { listAudit, listErrorLog, writeErrorLog } from "@fizio/db";
import { clientErrorInput, pageInput } from "@fizio/domain";
import { adminProcedure, publicProcedure, resolveUser, router } from "../../trpc";

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

const errorLog = adminProcedure.input(pageInput).query(async ({ ctx, input }) => {
  const page = await listErrorLog(ctx.db, input.page, input.pageSize);
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

/** The browser's error reporter (spec §7, §8 rendering errors); public so the login page can report too. */
const reportClientError = publicProcedure.input(clientErrorInput).mutation(async ({ ctx, input }) => {
  const user = await resolveUser(ctx).catch(() => null);
  await writeErrorLog(ctx.db, {
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
