import { z } from "zod";
import { isoDateSchema } from "../dates";
import type { PaymentType } from "../enums";
import { AppError } from "../errors";
import { idSchema } from "../treatment/fields";

/**
 * A fee adjustment (spec §3, the price adjustment screen): a cash-paying patient pays one of the
 * organisation's other prices instead of the Standard one from `startDate` to `endDate` (inclusive; open
 * when null). Dates are calendar days in the clinic's zone.
 */
export interface FeeAdjustmentDates {
  startDate: string;
  endDate: string | null;
}

export interface StoredFeeAdjustment extends FeeAdjustmentDates {
  id: string;
  priceId: string;
}

export type AdjustmentPhase = "FUTURE" | "STARTED" | "ENDED";

export function adjustmentPhase(a: FeeAdjustmentDates, today: string): AdjustmentPhase {
  if (a.startDate > today) return "FUTURE";
  if (a.endDate !== null && a.endDate < today) return "ENDED";
  return "STARTED";
}

const feeAdjustmentFields = {
  priceId: idSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable().default(null),
};
const endNotBeforeStart = (a: FeeAdjustmentDates) => a.endDate === null || a.endDate >= a.startDate;

export const createFeeAdjustmentInput = z
  .object({ patientId: idSchema, ...feeAdjustmentFields })
  .refine(endNotBeforeStart, { error: "FIZ013", path: ["endDate"] });
export const updateFeeAdjustmentInput = z
  .object({ adjustmentId: idSchema, ...feeAdjustmentFields })
  .refine(endNotBeforeStart, { error: "FIZ013", path: ["endDate"] });
export const feeAdjustmentIdInput = z.object({ adjustmentId: idSchema });
export type FeeAdjustmentChange = Pick<StoredFeeAdjustment, "priceId"> & FeeAdjustmentDates;

export function adjustmentsOverlap(a: FeeAdjustmentDates, b: FeeAdjustmentDates): boolean {
  const aEnd = a.endDate ?? "9999-12-31";
  const bEnd = b.endDate ?? "9999-12-31";
  return a.startDate <= bEnd && b.startDate <= aEnd;
}

function assertNoOverlap(next: FeeAdjustmentDates, others: StoredFeeAdjustment[], selfId?: string) {
  if (others.some((o) => o.id !== selfId && adjustmentsOverlap(o, next))) throw new AppError("FIZ229");
}

/** Spec §4-§5: cash patients only (FIZ028), not starting in the past (FIZ029), no overlap (FIZ229). */
export function assertAdjustmentCreatable(
  paymentType: PaymentType | null,
  next: FeeAdjustmentChange,
  existing: StoredFeeAdjustment[],
  today: string,
): void {
  if (paymentType !== "CASH") throw new AppError("FIZ028");
  if (next.startDate < today) throw new AppError("FIZ029");
  assertNoOverlap(next, existing, undefined);
}

/**
 * Spec §4: an ended adjustment is locked (FIZ226); once started only its end date may change (FIZ225), and not
 * into the past, which would rewrite days already billed (FIZ015); a future one may change freely but still
 * cannot start in the past (FIZ029); none may overlap another (FIZ229).
 */
export function assertAdjustmentUpdatable(
  stored: StoredFeeAdjustment,
  next: FeeAdjustmentChange,
  existing: StoredFeeAdjustment[],
  today: string,
): void {
  const phase = adjustmentPhase(stored, today);
  if (phase === "ENDED") throw new AppError("FIZ226");
  if (phase === "STARTED") {
    if (next.priceId !== stored.priceId || next.startDate !== stored.startDate) throw new AppError("FIZ225");
    if (next.endDate !== null && next.endDate < today) throw new AppError("FIZ015");
  } else if (next.startDate < today) throw new AppError("FIZ029");
  assertNoOverlap(next, existing, stored.id);
}

/** Spec §4: only an adjustment that has not started yet can be deleted (FIZ228). */
export function assertAdjustmentDeletable(stored: FeeAdjustmentDates, today: string): void {
  if (adjustmentPhase(stored, today) !== "FUTURE") throw new AppError("FIZ228");
}

/** The adjustment covering `day`, if any (they never overlap, so at most one). */
export function adjustmentOn<A extends FeeAdjustmentDates>(adjustments: A[], day: string): A | undefined {
  return adjustments.find((a) => a.startDate <= day && (a.endDate === null || a.endDate >= day));
}
