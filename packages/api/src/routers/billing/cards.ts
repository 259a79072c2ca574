import {
  deleteCard,
  findCardById,
  findPaymentCustomer,
  insertPaymentCustomer,
  listCards,
  setPrimaryCard,
} from "@fizio/db";
import { AppError, cardIdInput } from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { paymentSetupProcedure, router } from "../../trpc";

/** The patient's own cards: these run behind the payment-method gate, which they exist to pass. */
const patientCardProcedure = paymentSetupProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "ROLE_PATIENT") throw new AppError("FIZ413");
  return next();
});

const cardView = (card: Awaited<ReturnType<typeof listCards>>[number]) => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  primary: card.primary,
  expired: card.expired,
});

/** A card of the caller's: another patient's card id is refused as not theirs (FIZ031). */
async function ownCard(ctx: UserContext, cardId: string) {
  const card = await findCardById(ctx.db, cardId);
  if (!card) throw new AppError("FIZ002", {}, { field: "cardId" });
  assertSameOrganization(ctx.user, "payment_card", card);
  if (card.patientId !== ctx.user.id) throw new AppError("FIZ031");
  return card;
}

/** Cards are off where Stripe is not configured: asking for one is refused (FIZ413), not a failure of ours. */
function gatewayOf(ctx: UserContext) {
  if (!ctx.payments) throw new AppError("FIZ413");
  return ctx.payments;
}

const list = patientCardProcedure.query(async ({ ctx }) => {
  const cards = await listCards(ctx.db, ctx.user.id);
  await audit(ctx, "billing.cards.read", "patient", ctx.user.id, { count: cards.length });
  return { enabled: ctx.payments !== null, cards: cards.map(cardView) };
});

/**
 * Starts adding a card: a SetupIntent for Stripe's Payment Element. The card is stored when Stripe's signed
 * webhook confirms it, which can take a while (spec §4: visible after about 15 minutes).
 */
const startSetup = patientCardProcedure.mutation(async ({ ctx }) => {
  const gateway = gatewayOf(ctx);
  try {
    let customer = await findPaymentCustomer(ctx.db, ctx.user.id);
    if (!customer) {
      const customerId = await gateway.createCustomer({
        email: ctx.user.email,
        name: `${ctx.user.firstName} ${ctx.user.lastName}`,
        patientId: ctx.user.id,
      });
      customer = await insertPaymentCustomer(ctx.db, ctx.user.id, customerId);
    }
    const { clientSecret } = await gateway.createSetupIntent(customer.customerId);
    await audit(ctx, "billing.card.setup", "patient", ctx.user.id);
    return { clientSecret, publishableKey: gateway.publishableKey };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("FIZ317", {}, { cause: error });
  }
});

const setPrimary = patientCardProcedure.input(cardIdInput).mutation(async ({ ctx, input }) => {
  const card = await ownCard(ctx, input.cardId);
  if (card.expired) throw new AppError("FIZ413");
  await ctx.db.transaction(async (tx) => {
    await setPrimaryCard(tx, ctx.user.id, card.id);
    await audit(ctx, "billing.card.primary", "patient", ctx.user.id, { cardId: card.id }, tx);
  });
  return { ok: true as const };
});

/** Detached at Stripe first: a card we forget must not stay chargeable there. */
const remove = patientCardProcedure.input(cardIdInput).mutation(async ({ ctx, input }) => {
  const card = await ownCard(ctx, input.cardId);
  if (ctx.payments) {
    try {
      await ctx.payments.detachCard(card.paymentMethodId);
    } catch (error) {
      throw new AppError("FIZ319", {}, { cause: error });
    }
  }
  await ctx.db.transaction(async (tx) => {
    await deleteCard(tx, card);
    await audit(ctx, "billing.card.delete", "patient", ctx.user.id, { cardId: card.id }, tx);
  });
  return { ok: true as const };
});

export const cardsRouter = router({ list, startSetup, setPrimary, delete: remove });
export { cardView };
