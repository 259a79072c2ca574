import { z } from "zod";
import type { PaymentType } from "../enums";
import { AppError } from "../errors";
import { dateRange, rangeInOrder } from "../results/schemas";
import { idSchema } from "../treatment/fields";
import { addDays, timeZoneSchema } from "../treatment/schedule";
import { pageInput, searchSchema } from "../users/schemas";
import { transactionCentsSchema } from "./money";

export const PAYMENT_METHODS = ["CASH", "CARD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const TRANSACTION_STATUSES = ["SUCCEEDED", "PENDING", "FAILED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * How a card payment settles as Stripe reports it: a pending charge succeeds or fails; a failed PaymentIntent can
 * still succeed (the payment is retried); a succeeded one is final. Stripe does not deliver events in order, so a
 * payment_failed arriving after payment_intent.succeeded changes nothing.
 */
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  PENDING: ["SUCCEEDED", "FAILED"],
  FAILED: ["SUCCEEDED"],
  SUCCEEDED: [],
};

export function canSettleTransaction(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

/**
 * The statuses a payment may reach `to` from: the condition of the update itself, so of two deliveries racing on
 * one payment the second re-reads the first's result and a succeeded payment stays succeeded.
 */
export function transactionStatusesSettlingTo(to: TransactionStatus): TransactionStatus[] {
  return TRANSACTION_STATUSES.filter((from) => canSettleTransaction(from, to));
}

/** Spec §5 "billing range has a maximum": a year of transactions at most in one list or export. */
export const BILLING_RANGE_MAX_DAYS = 366;

export const transactionFields = z.object({
  patientId: idSchema,
  amountCents: transactionCentsSchema,
  method: z.enum(PAYMENT_METHODS, { error: "FIZ002" }),
  cardId: idSchema.optional(),
  note: z.string().trim().max(200, { error: "FIZ003" }).default(""),
});

/** A card payment names the card (FIZ001); a cash one names none (FIZ007). */
export function checkPaymentCard(t: { method: PaymentMethod; cardId?: string }, ctx: z.RefinementCtx): void {
  if (t.method === "CARD" && !t.cardId) ctx.addIssue({ code: "custom", message: "FIZ001", path: ["cardId"] });
  if (t.method === "CASH" && t.cardId) ctx.addIssue({ code: "custom", message: "FIZ007", path: ["cardId"] });
}

export const recordTransactionInput = transactionFields.superRefine(checkPaymentCard);
export type RecordTransactionInput = z.infer<typeof recordTransactionInput>;

/**
 * Spec §5: a patient on insurance cannot pay cash (FIZ030); a card must be the patient's own (FIZ031), which
 * also refuses another patient's card id.
 */
export function assertPaymentAllowed(
  patient: { id: string; paymentType: PaymentType | null },
  method: PaymentMethod,
  cardOwnerId: string | null,
): void {
  if (method === "CASH" && patient.paymentType === "INSURANCE") throw new AppError("FIZ030");
  if (method === "CARD" && cardOwnerId !== patient.id) throw new AppError("FIZ031");
}

function withinBillingRange(r: { from?: string; to?: string }): boolean {
  return !r.from || !r.to || r.to <= addDays(r.from, BILLING_RANGE_MAX_DAYS - 1);
}

const transactionFilters = {
  patientId: idSchema.optional(),
  method: z.enum(PAYMENT_METHODS, { error: "FIZ002" }).optional(),
  /** Part of the patient's name or email. */
  search: searchSchema,
  ...dateRange,
  timeZone: timeZoneSchema.default("UTC"),
};

/** /billing/transactions: newest first, with the filtered total; days are the viewer's. */
export const listTransactionsInput = pageInput
  .extend(transactionFilters)
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] })
  .refine(withinBillingRange, { error: "FIZ066", path: ["to"] });
export type TransactionFilters = z.infer<typeof listTransactionsInput>;

export const exportTransactionsInput = z
  .object(transactionFilters)
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] })
  .refine(withinBillingRange, { error: "FIZ066", path: ["to"] });

/** A patient's balance: what they were billed in cash less what they paid; positive means they owe. */
export function balanceCents(chargedCents: number, paidCents: number): number {
  return chargedCents - paidCents;
}
