import type { ServiceUnit } from "../calendar/enums";
import type { PaymentType } from "../enums";
import type { FizCode } from "../errors";
import { adjustmentOn, type FeeAdjustmentDates } from "./fee-adjustments";

/**
 * Units of a service: one a visit or period; per 15 minutes by the CMS 8-minute rule (8-22 minutes one
 * unit, 23-37 two, ...). Null when the time is too short to bill, which the caller reports.
 */
export function serviceUnits(unit: ServiceUnit, minutes: number): number | null {
  if (unit !== "FIFTEEN_MINUTES") return 1;
  const units = Math.floor((minutes + 7) / 15);
  return units >= 1 ? units : null;
}

export interface BillingPatient {
  paymentType: PaymentType | null;
  healthPlans: { id: string; cob: "PRIMARY" | "SECONDARY" | "TERTIARY"; planName: string; planId: string }[];
}

export interface BillingInput {
  service: { code: string; name: string; unit: ServiceUnit } | undefined;
  minutes: number;
  /** Units counted elsewhere (remote-monitoring periods); otherwise from the service's unit and minutes. */
  units?: number;
  /** The day of service in the clinic's zone: it picks the price in force. */
  serviceDate: string;
  patient: BillingPatient;
  standardPrice: { id: string; amountCents: number } | undefined;
  /** The organisation's price for the service's code (CPT), per unit; the Standard price stands in without one. */
  codePrice?: { id: string; amountCents: number } | undefined;
  /** The patient's fee adjustments with the amount of the price each one applies. */
  adjustments: (FeeAdjustmentDates & { id: string; amountCents: number })[];
}

export interface ComputedEntry {
  serviceCode: string;
  serviceName: string;
  units: number;
  unitPriceCents: number;
  amountCents: number;
  payer: PaymentType;
  healthPlanId: string | null;
  feeAdjustmentId: string | null;
}

/** One service code billed on a visit, with its units. */
export interface ServiceLine {
  code: string;
  units: number;
}

export interface PricedLine extends ServiceLine {
  unitPriceCents: number;
  amountCents: number;
}

/**
 * Spec §3 services and prices: a visit's charge is the sum over its service codes of the code's price × its units;
 * a code without its own price is charged the Standard price per unit. Null when neither price exists.
 */
export function visitCharge(
  lines: readonly ServiceLine[],
  codePrices: Readonly<Record<string, number>>,
  standardCents: number | undefined,
): { lines: PricedLine[]; totalCents: number } | null {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const unitPriceCents = codePrices[line.code] ?? standardCents;
    if (unitPriceCents === undefined) return null;
    priced.push({ ...line, unitPriceCents, amountCents: unitPriceCents * line.units });
  }
  return { lines: priced, totalCents: priced.reduce((sum, line) => sum + line.amountCents, 0) };
}

export type BillingOutcome = { ok: true; entry: ComputedEntry } | { ok: false; code: FizCode };

/**
 * Spec §1, §3: a completed service is billed per unit at its code's price (the Standard price for a code
 * without one) to the patient (cash), a fee adjustment's price when one covers the day; or to the patient's
 * PRIMARY health plan at the code's price (fee adjustments are for cash patients only). FIZ245 when an insured
 * patient has no primary plan; FIZ257 when the computation cannot be done (no payment type, no service, no
 * price, no units).
 */
export function computeBillingEntry(input: BillingInput): BillingOutcome {
  const { service, patient, standardPrice, codePrice } = input;
  if (!service || !patient.paymentType) return { ok: false, code: "FIZ257" };
  const units = input.units ?? serviceUnits(service.unit, input.minutes);
  if (units === null) return { ok: false, code: "FIZ257" };
  const charge = visitCharge(
    [{ code: service.code, units }],
    codePrice ? { [service.code]: codePrice.amountCents } : {},
    standardPrice?.amountCents,
  );
  if (!charge) return { ok: false, code: "FIZ257" };
  let unitPriceCents = charge.lines[0]!.unitPriceCents;
  let feeAdjustmentId: string | null = null;
  let healthPlanId: string | null = null;
  if (patient.paymentType === "INSURANCE") {
    const primary = patient.healthPlans.find((p) => p.cob === "PRIMARY");
    if (!primary) return { ok: false, code: "FIZ245" };
    healthPlanId = primary.id;
  } else {
    const adjustment = adjustmentOn(input.adjustments, input.serviceDate);
    if (adjustment) {
      unitPriceCents = adjustment.amountCents;
      feeAdjustmentId = adjustment.id;
    }
  }
  return {
    ok: true,
    entry: {
      serviceCode: service.code,
      serviceName: service.name,
      units,
      unitPriceCents,
      amountCents: units * unitPriceCents,
      payer: patient.paymentType,
      healthPlanId,
      feeAdjustmentId,
    },
  };
}
