import {
  findCode,
  findHistoryEntry,
  type HistoryEntryRow,
  insertHistoryEntry,
  listHistoryEntries,
  removeHistoryEntry,
  updateHistoryEntry,
} from "@fizio/db";
import {
  AppError,
  createHistoryEntryInput,
  type HistoryEntryFields,
  historyCodeIssue,
  historyDateIssues,
  historyEntryIdInput,
  patientRecordInput,
  todayIn,
  updateHistoryEntryInput,
} from "@fizio/domain";
import { assertRecordPatientFor, assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { appProcedure, router } from "../../trpc";

/** FIZ014 on the first date after the caller's today (in their zone). */
function assertDatesNotFuture(entry: HistoryEntryFields, timeZone: string) {
  const [issue] = historyDateIssues(entry, todayIn(timeZone));
  if (issue) throw new AppError(issue.code, {}, { field: `entry.${issue.path}` });
}

/** A condition's code must be one of the CONDITIONS codes (FIZ002). */
async function assertConditionCode(ctx: UserContext, entry: HistoryEntryFields) {
  const known = entry.kind === "CONDITION" && Boolean(await findCode(ctx.db, "CONDITIONS", entry.code));
  const issue = historyCodeIssue(entry, known);
  if (issue) throw new AppError(issue.code, {}, { field: `entry.${issue.path}` });
}

/**
 * An entry the caller may change: of their organisation (FIZ415), of a patient in their scope ('Cannot access
 * medical history record', FIZ251), and for a patient only the entries they wrote themself (FIZ413).
 */
async function loadEntryFor(ctx: UserContext, id: string): Promise<HistoryEntryRow> {
  const entry = await findHistoryEntry(ctx.db, id);
  if (!entry || entry.deletedAt) throw new AppError("FIZ251");
  assertSameOrganization(ctx.user, "medical_history_entry", entry);
  await assertRecordPatientFor(ctx.user, entry.patientId, ctx.db, "FIZ251");
  if (ctx.user.role === "ROLE_PATIENT" && entry.createdById !== ctx.user.id) throw new AppError("FIZ413");
  return entry;
}

/** The patient's own /medical-history, or a patient's at /records/medical-history; reading it is audited. */
const list = appProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const entries = await listHistoryEntries(ctx.db, input.patientId);
  await audit(ctx, "records.medicalHistory.read", "patient", input.patientId, {
    ids: entries.map((e) => e.id),
  });
  return entries.map((e) => ({ ...e, mine: e.createdById === ctx.user.id }));
});

const create = appProcedure.input(createHistoryEntryInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  assertDatesNotFuture(input.entry, input.timeZone);
  await assertConditionCode(ctx, input.entry);
  return ctx.db.transaction(async (tx) => {
    const row = await insertHistoryEntry(tx, {
      ...input.entry,
      organizationId: patient.organizationId,
      patientId: patient.id,
      createdById: ctx.user.id,
    });
    await audit(
      ctx,
      "records.medicalHistory.create",
      "patient",
      patient.id,
      { entryId: row.id, kind: row.kind },
      tx,
    );
    return row;
  });
});

const update = appProcedure.input(updateHistoryEntryInput).mutation(async ({ ctx, input }) => {
  const entry = await loadEntryFor(ctx, input.id);
  assertDatesNotFuture(input.entry, input.timeZone);
  if (input.entry.kind !== entry.kind) throw new AppError("FIZ002", {}, { field: "entry.kind" });
  await assertConditionCode(ctx, input.entry);
  return ctx.db.transaction(async (tx) => {
    const row = await updateHistoryEntry(tx, entry.id, { ...input.entry, updatedById: ctx.user.id });
    await audit(ctx, "records.medicalHistory.update", "patient", entry.patientId, { entryId: entry.id }, tx);
    return row;
  });
});

/** Marks an entry entered-in-error: it leaves the record, the audit trail keeps what it said. */
const remove = appProcedure.input(historyEntryIdInput).mutation(async ({ ctx, input }) => {
  const entry = await loadEntryFor(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await removeHistoryEntry(tx, entry.id, ctx.user.id);
    await audit(ctx, "records.medicalHistory.remove", "patient", entry.patientId, { entryId: entry.id }, tx);
  });
  return { ok: true as const };
});

export const medicalHistoryRouter = router({ list, create, update, remove });
