import { findDataExport, findPendingDataExport, insertDataExport, listDataExports } from "@fizio/db";
import { AppError, idSchema } from "@fizio/domain";
import { z } from "zod";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import { scopeOf, viewUrl } from "../../signed-urls";
import { roleProcedure, router } from "../../trpc";

/** A patient's own copy of their data (right of access): asked for, made by a job, downloaded from the profile. */
const patientProcedure = roleProcedure("ROLE_PATIENT");

const view = (row: Awaited<ReturnType<typeof listDataExports>>[number], now: Date) => ({
  id: row.id,
  status:
    row.status === "READY" && (!row.storageKey || (row.expiresAt && row.expiresAt < now))
      ? ("EXPIRED" as const)
      : row.status,
  createdAt: row.createdAt,
  readyAt: row.readyAt,
  expiresAt: row.expiresAt,
  size: row.size,
});

const list = patientProcedure.query(async ({ ctx }) => {
  const now = new Date();
  return (await listDataExports(ctx.db, ctx.user.id)).map((row) => view(row, now));
});

/** One copy is made at a time: asking while one is being made answers that one. */
const request = patientProcedure.mutation(async ({ ctx }) => {
  const row = await ctx.db.transaction(async (tx) => {
    const pending = await findPendingDataExport(tx, ctx.user.id);
    if (pending) return pending;
    const created = await insertDataExport(tx, {
      organizationId: ctx.user.organizationId,
      patientId: ctx.user.id,
    });
    await ctx.queue.add(tx, "export_patient_data", { exportId: created.id });
    await audit(ctx, "records.dataExport.request", "patient", ctx.user.id, { exportId: created.id }, tx);
    return created;
  });
  return view(row, new Date());
});

const download = patientProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
  const row = await findDataExport(ctx.db, input.id);
  // Another clinic's is refused (and audited) as every foreign id is; another patient's of the clinic, the same.
  if (row) assertSameOrganization(ctx.user, "data_export", row);
  if (row?.patientId !== ctx.user.id) throw new AppError("FIZ415");
  if (row.status !== "READY" || !row.storageKey || !row.expiresAt || row.expiresAt < new Date())
    throw new AppError("FIZ201");
  const day = row.createdAt.toISOString().slice(0, 10);
  const url = await viewUrl(ctx.storage, scopeOf(ctx.user), row.storageKey, {
    downloadAs: `fizio-my-data-${day}.zip`,
  });
  await audit(ctx, "records.dataExport.download", "patient", ctx.user.id, { exportId: row.id });
  return { url: url! };
});

export const dataExportRouter = router({ list, request, download });
