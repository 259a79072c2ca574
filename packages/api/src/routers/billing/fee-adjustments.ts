import {
  type DbOrTx,
  deleteFeeAdjustment,
  findFeeAdjustment,
  findPriceById,
  insertFeeAdjustment,
  listFeeAdjustments,
  lockPatientAdjustments,
  updateFeeAdjustment,
} from "@fizio/db";
import {
  AppError,
  adjustmentPhase,
  assertAdjustmentCreatable,
  assertAdjustmentDeletable,
  assertAdjustmentUpdatable,
  createFeeAdjustmentInput,
  feeAdjustmentIdInput,
  patientBillingInput,
  updateFeeAdjustmentInput,
} from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { clinicToday } from "../../billing/clinic";
import type { UserContext } from "../../context";
import { router, staffProcedure } from "../../trpc";

/** A price of the caller's organisation (FIZ415 another's) that is still offered. */
async function assertUsablePrice(ctx: UserContext, db: DbOrTx, priceId: string) {
  const price = await findPriceById(db, priceId);
  if (price) assertSameOrganization(ctx.user, "price", price);
  if (!price || price.deletedAt) throw new AppError("FIZ002", {}, { field: "priceId" });
}

/** An adjustment of a patient the caller may see, locked with its patient's other adjustments. */
async function loadAdjustmentFor(ctx: UserContext, tx: DbOrTx, adjustmentId: string) {
  const stored = await findFeeAdjustment(tx, adjustmentId);
  if (!stored) throw new AppError("FIZ002", {}, { field: "adjustmentId" });
  const patient = await loadPatientFor(ctx.user, stored.patientId, tx);
  await lockPatientAdjustments(tx, stored.patientId);
  return { stored: (await findFeeAdjustment(tx, adjustmentId, { lock: true })) ?? stored, patient };
}

/** The patient's adjustments with their phase today on the clinic's calendar; reading a record, so audited. */
const list = staffProcedure.input(patientBillingInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const today = await clinicToday(ctx, patient.organizationId);
  const rows = await listFeeAdjustments(ctx.db, input.patientId);
  await audit(ctx, "billing.adjustments.read", "patient", input.patientId, { count: rows.length });
  return { today, items: rows.map((row) => ({ ...row, phase: adjustmentPhase(row, today) })) };
});

const create = staffProcedure.input(createFeeAdjustmentInput).mutation(async ({ ctx, input }) => {
  const { patientId, ...change } = input;
  return ctx.db.transaction(async (tx) => {
    const patient = await loadPatientFor(ctx.user, patientId, tx);
    await lockPatientAdjustments(tx, patient.id);
    await assertUsablePrice(ctx, tx, change.priceId);
    assertAdjustmentCreatable(
      patient.paymentType,
      change,
      await listFeeAdjustments(tx, patient.id),
      await clinicToday(ctx, patient.organizationId),
    );
    const row = await insertFeeAdjustment(tx, {
      organizationId: patient.organizationId,
      patientId: patient.id,
      ...change,
      createdBy: ctx.user.id,
    });
    await audit(
      ctx,
      "billing.adjustment.create",
      "patient",
      patient.id,
      { adjustmentId: row.id, ...change },
      tx,
    );
    return row;
  });
});

const update = staffProcedure.input(updateFeeAdjustmentInput).mutation(async ({ ctx, input }) => {
  const { adjustmentId, ...change } = input;
  return ctx.db.transaction(async (tx) => {
    const { stored, patient } = await loadAdjustmentFor(ctx, tx, adjustmentId);
    if (change.priceId !== stored.priceId) await assertUsablePrice(ctx, tx, change.priceId);
    assertAdjustmentUpdatable(
      stored,
      change,
      await listFeeAdjustments(tx, patient.id),
      await clinicToday(ctx, patient.organizationId),
    );
    const row = await updateFeeAdjustment(tx, adjustmentId, change);
    await audit(
      ctx,
      "billing.adjustment.update",
      "patient",
      patient.id,
      {
        adjustmentId,
        from: { priceId: stored.priceId, startDate: stored.startDate, endDate: stored.endDate },
        to: change,
      },
      tx,
    );
    return row;
  });
});

const remove = staffProcedure.input(feeAdjustmentIdInput).mutation(async ({ ctx, input }) => {
  await ctx.db.transaction(async (tx) => {
    const { stored, patient } = await loadAdjustmentFor(ctx, tx, input.adjustmentId);
    assertAdjustmentDeletable(stored, await clinicToday(ctx, patient.organizationId));
    await deleteFeeAdjustment(tx, stored.id);
    await audit(ctx, "billing.adjustment.delete", "patient", patient.id, { adjustmentId: stored.id }, tx);
  });
  return { ok: true as const };
});

export const feeAdjustmentsRouter = router({ list, create, update, delete: remove });
