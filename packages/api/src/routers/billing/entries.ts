import { findBillingEntry, listBillingEntries, patientBalance, updateBillingEntry } from "@fizio/db";
import { AppError, balanceCents, billingEntryIdInput, listBillingEntriesInput } from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { billedFields } from "../../billing/compute";
import { billableService } from "../../billing/service-codes";
import { adminProcedure, router, staffProcedure } from "../../trpc";

/** /records/services: the patient's billing entries with what they were billed in cash, paid and owe. */
const list = staffProcedure.input(listBillingEntriesInput).query(async ({ ctx, input }) => {
  const { patientId, ...query } = input;
  const patient = await loadPatientFor(ctx.user, patientId, ctx.db);
  const [page, balance] = await Promise.all([
    listBillingEntries(ctx.db, patientId, query),
    patientBalance(ctx.db, patientId),
  ]);
  await auditListRead(ctx, "billing.entries.read", patientId, input, page.items);
  return {
    ...page,
    paymentType: patient.paymentType,
    enforcePaymentMethod: patient.enforcePaymentMethod,
    ...balance,
    balanceCents: balanceCents(balance.chargedCents, balance.paidCents),
  };
});

/**
 * Computes an entry that failed again, once its cause (a missing primary plan, no payment type) is fixed. A
 * billed entry is final and stays as it was.
 */
const recompute = adminProcedure.input(billingEntryIdInput).mutation(async ({ ctx, input }) => {
  return ctx.db.transaction(async (tx) => {
    const entry = await findBillingEntry(tx, input.entryId, { lock: true });
    if (!entry) throw new AppError("FIZ002", {}, { field: "entryId" });
    assertSameOrganization(ctx.user, "billing_entry", entry);
    if (entry.status === "BILLED") throw new AppError("FIZ302");
    const fields = await billedFields(tx, entry.organizationId, {
      patientId: entry.patientId,
      service: await billableService(tx, entry.serviceCode),
      serviceCode: entry.serviceCode,
      serviceName: entry.serviceName,
      serviceDate: entry.serviceDate,
      minutes: entry.minutes,
      units: entry.source === "RTM" ? (entry.units ?? undefined) : undefined,
    });
    const row = await updateBillingEntry(tx, entry.id, fields);
    await audit(
      ctx,
      "billing.entry.recompute",
      "patient",
      entry.patientId,
      { entryId: entry.id, status: row.status, errorCode: row.errorCode },
      tx,
    );
    return row;
  });
});

export const entriesRouter = router({ list, recompute });
