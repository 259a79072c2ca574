import { randomUUID } from "node:crypto";
import {
  exportTransactions,
  findCardById,
  findPaymentCustomer,
  insertTransaction,
  listCards,
  listTransactions,
  outstandingBalances,
  patientBalance,
} from "@fizio/db";
import {
  AppError,
  assertPaymentAllowed,
  balanceCents,
  exportTransactionsInput,
  listTransactionsInput,
  patientBillingInput,
  recordTransactionInput,
} from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { adminProcedure, router } from "../../trpc";
import { cardView } from "./cards";

/** Rows one export holds at most; narrow the filters for more. */
export const BILLING_EXPORT_MAX = 5_000;

/** /billing/transactions; payments are patient data, so reading them is audited. */
const list = adminProcedure.input(listTransactionsInput).query(async ({ ctx, input }) => {
  if (input.patientId) await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const page = await listTransactions(ctx.db, ctx.user.organizationId, input);
  await auditListRead(ctx, "billing.transactions.read", input.patientId, input, page.items);
  return page;
});

const exportRows = adminProcedure.input(exportTransactionsInput).query(async ({ ctx, input }) => {
  if (input.patientId) await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const rows = await exportTransactions(ctx.db, ctx.user.organizationId, input, BILLING_EXPORT_MAX + 1);
  await audit(ctx, "billing.transactions.export", "patient", input.patientId ?? null, {
    ...input,
    count: Math.min(rows.length, BILLING_EXPORT_MAX),
  });
  return { rows: rows.slice(0, BILLING_EXPORT_MAX), truncated: rows.length > BILLING_EXPORT_MAX };
});

/** What the payment form shows of a patient: how they pay, what they owe, their cards. */
const patientSummary = adminProcedure.input(patientBillingInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const [balance, cards] = await Promise.all([
    patientBalance(ctx.db, patient.id),
    listCards(ctx.db, patient.id),
  ]);
  await audit(ctx, "billing.patient.read", "patient", patient.id);
  return {
    paymentType: patient.paymentType,
    ...balance,
    balanceCents: balanceCents(balance.chargedCents, balance.paidCents),
    cards: cards.map(cardView),
    cardsEnabled: ctx.payments !== null,
  };
});

/**
 * Records a payment (spec §5: $1-$999.99, FIZ030, FIZ031). A card payment is charged through a PaymentIntent
 * first; a declined charge is kept as FAILED so the attempt is on record, and a pending one settles by webhook.
 */
const record = adminProcedure.input(recordTransactionInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const card = input.cardId ? await findCardById(ctx.db, input.cardId) : undefined;
  if (card) assertSameOrganization(ctx.user, "payment_card", card);
  assertPaymentAllowed(patient, input.method, card?.patientId ?? null);
  let charge: { paymentIntentId: string | null; status: "SUCCEEDED" | "PENDING" | "FAILED" } | undefined;
  if (input.method === "CARD" && card) {
    if (card.expired) throw new AppError("FIZ031", {}, { field: "cardId" });
    const customer = await findPaymentCustomer(ctx.db, patient.id);
    if (!ctx.payments || !customer) throw new AppError("FIZ101");
    const params = {
      customerId: customer.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: input.amountCents,
      idempotencyKey: `charge-${randomUUID()}`,
    };
    charge = await ctx.payments.charge(params).catch((error: unknown) => {
      ctx.log.warn({ err: error, patientId: patient.id }, "card charge declined or failed");
      return { paymentIntentId: null, status: "FAILED" as const };
    });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await insertTransaction(tx, {
      organizationId: patient.organizationId,
      patientId: patient.id,
      amountCents: input.amountCents,
      method: input.method,
      status: charge?.status ?? "SUCCEEDED",
      cardId: card?.id ?? null,
      paymentIntentId: charge?.paymentIntentId ?? null,
      note: input.note,
      recordedBy: ctx.user.id,
    });
    await audit(
      ctx,
      "billing.transaction.create",
      "patient",
      patient.id,
      { transactionId: row.id, amountCents: row.amountCents, method: row.method, status: row.status },
      tx,
    );
    return row;
  });
});

/** Patients shown as owing, largest balance first. */
const BALANCES_SHOWN = 10;

/** Who owes the organisation what (cash billed less paid); reading patients' accounts, so audited. */
const balances = adminProcedure.query(async ({ ctx }) => {
  const rows = await outstandingBalances(ctx.db, ctx.user.organizationId, BALANCES_SHOWN);
  await auditListRead(ctx, "billing.balances.read", null, {}, rows);
  return rows.map((r) => ({ ...r, balanceCents: balanceCents(r.chargedCents, r.paidCents) }));
});

export const transactionsRouter = router({ list, export: exportRows, patientSummary, record, balances });
