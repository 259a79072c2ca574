import { z } from "zod";
import { AppError } from "../errors";
import { idSchema } from "../treatment/fields";
import { priceCentsSchema } from "./money";

/** The organisation's price every patient pays unless a fee adjustment says otherwise. */
export const STANDARD_PRICE_DESCRIPTION = "Standard";

export const priceDescriptionSchema = z
  .string()
  .trim()
  .min(1, { error: "FIZ001" })
  .max(60, { error: "FIZ003" });

/** A SERVICES code (CPT) as a price names it; "" or null for a price that names none. */
export const priceServiceCodeSchema = z
  .string()
  .trim()
  .max(20, { error: "FIZ003" })
  .nullish()
  .transform((code) => code || null);

export const priceFields = z.object({
  description: priceDescriptionSchema,
  amountCents: priceCentsSchema,
  /** The code this price is charged for, per unit (spec §3 service: name, code, unit). */
  serviceCode: priceServiceCodeSchema,
});
export type PriceFields = z.infer<typeof priceFields>;

export const createPriceInput = priceFields;
export const updatePriceInput = priceFields.extend({ priceId: idSchema });
export const priceIdInput = z.object({ priceId: idSchema });

export interface StoredPrice {
  description: string;
  standard: boolean;
  serviceCode?: string | null;
}

/**
 * Spec §5: the Standard price keeps its description (FIZ070); its amount may change. It prices every code
 * without a price of its own, so it names none.
 */
export function assertPriceUpdatable(
  stored: StoredPrice,
  next: { description: string; amountCents: number; serviceCode?: string | null },
): void {
  if (stored.standard && (next.description !== stored.description || next.serviceCode))
    throw new AppError("FIZ070");
  if (!stored.standard && sameDescription(next.description, STANDARD_PRICE_DESCRIPTION))
    throw new AppError("FIZ069");
}

/** Spec §5: the Standard price cannot be deleted (FIZ070). */
export function assertPriceDeletable(stored: StoredPrice): void {
  if (stored.standard) throw new AppError("FIZ070");
}

/** Descriptions are unique regardless of case and surrounding spaces (FIZ069). */
export function sameDescription(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
