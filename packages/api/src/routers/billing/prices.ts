import { deletePrice, findPriceById, insertPrice, listPrices, updatePrice } from "@fizio/db";
import {
  AppError,
  assertPriceDeletable,
  assertPriceUpdatable,
  createPriceInput,
  priceIdInput,
  STANDARD_PRICE_DESCRIPTION,
  sameDescription,
  updatePriceInput,
} from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import { billableService } from "../../billing/service-codes";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import { adminProcedure, router, staffProcedure } from "../../trpc";

async function loadPrice(ctx: UserContext, priceId: string) {
  const price = await findPriceById(ctx.db, priceId);
  if (!price || price.deletedAt) throw new AppError("FIZ002", {}, { field: "priceId" });
  assertSameOrganization(ctx.user, "price", price);
  return price;
}

/** A price names a billable SERVICES code or none (FIZ295). */
async function assertBillableCode(ctx: UserContext, serviceCode: string | null) {
  if (serviceCode && !(await billableService(ctx.db, serviceCode)))
    throw new AppError("FIZ295", {}, { field: "serviceCode" });
}

/** The organisation's prices; staff read them to pick a fee adjustment's price. */
const list = staffProcedure.query(({ ctx }) => listPrices(ctx.db, ctx.user.organizationId));

const create = adminProcedure.input(createPriceInput).mutation(async ({ ctx, input }) => {
  if (sameDescription(input.description, STANDARD_PRICE_DESCRIPTION))
    throw new AppError("FIZ069", {}, { field: "description" });
  await assertBillableCode(ctx, input.serviceCode);
  const price = await withConflicts(() => insertPrice(ctx.db, ctx.user.organizationId, input));
  await audit(ctx, "billing.price.create", "price", price.id, input);
  return price;
});

const update = adminProcedure.input(updatePriceInput).mutation(async ({ ctx, input }) => {
  const { priceId, ...fields } = input;
  const stored = await loadPrice(ctx, priceId);
  assertPriceUpdatable(stored, fields);
  await assertBillableCode(ctx, fields.serviceCode);
  const price = await withConflicts(() => updatePrice(ctx.db, priceId, fields));
  if (!price) throw new AppError("FIZ302");
  await audit(ctx, "billing.price.update", "price", priceId, {
    from: {
      description: stored.description,
      amountCents: stored.amountCents,
      serviceCode: stored.serviceCode,
    },
    to: fields,
  });
  return price;
});

/** Deleted prices keep serving the adjustments and entries that name them. */
const remove = adminProcedure.input(priceIdInput).mutation(async ({ ctx, input }) => {
  const stored = await loadPrice(ctx, input.priceId);
  assertPriceDeletable(stored);
  await deletePrice(ctx.db, stored.id);
  await audit(ctx, "billing.price.delete", "price", stored.id, { description: stored.description });
  return { ok: true as const };
});

export const pricesRouter = router({ list, create, update, delete: remove });
