import { z } from "zod";
import { PRICE_MAX_CENTS, PRICE_MIN_CENTS, TRANSACTION_MAX_CENTS, TRANSACTION_MIN_CENTS } from "../constants";

/**
 * Money is whole US cents everywhere (spec §5): stored, computed and sent as integers, so no sum is ever
 * off by a float's rounding. Only the edges (a form's text, a display) see dollars.
 */

const cents = (min: number, max: number, code: "FIZ068" | "FIZ071") =>
  z.number({ error: "FIZ011" }).int({ error: "FIZ011" }).min(min, { error: code }).max(max, { error: code });

/** A price: $0 to $999.99 (FIZ068). */
export const priceCentsSchema = cents(PRICE_MIN_CENTS, PRICE_MAX_CENTS, "FIZ068");
/** A payment: $1 to $999.99 (FIZ071). */
export const transactionCentsSchema = cents(TRANSACTION_MIN_CENTS, TRANSACTION_MAX_CENTS, "FIZ071");

/**
 * "12", "12.5", "12.50", "$1,012.50" → cents; anything else (a minus sign, three decimals, letters) → null.
 * Parsed from the digits, never through a float.
 */
export function parseMoney(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number((match[1] ?? "").replaceAll(",", ""));
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const total = dollars * 100 + Number(fraction);
  return Number.isSafeInteger(total) ? total : null;
}

/** "12.50" for a form field (no currency sign, no grouping). */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "$1,012.50" in the reader's locale. */
export function formatMoney(cents: number, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(cents / 100);
}

export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    if (!Number.isInteger(v)) throw new TypeError(`not whole cents: ${v}`);
    total += v;
  }
  return total;
}

/** A form's amount typed in dollars, checked and turned into cents by `cents` (a price or a payment). */
export function moneyTextSchema(cents: z.ZodType<number, number>) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const value = parseMoney(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: text ? "FIZ011" : "FIZ001" });
        return z.NEVER;
      }
      return value;
    })
    .pipe(cents);
}
