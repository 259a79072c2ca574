import { z } from "zod";
import { dateRange, rangeInOrder } from "../results/schemas";
import { idSchema } from "../treatment/fields";
import { pageInput, searchSchema } from "../users/schemas";

export const BILLING_ENTRY_STATUSES = ["BILLED", "ERROR"] as const;
export type BillingEntryStatus = (typeof BILLING_ENTRY_STATUSES)[number];

/** /records/services: one patient's billing entries, newest service first. */
export const listBillingEntriesInput = pageInput
  .extend({ patientId: idSchema, ...dateRange })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });

export const billingEntryIdInput = z.object({ entryId: idSchema });

/** /billing/insurance: the organisation's insured patients with their plans and what was billed to each. */
export const listInsuranceInput = pageInput.extend({ search: searchSchema, planName: searchSchema });
export const exportInsuranceInput = z.object({ search: searchSchema, planName: searchSchema });

export const patientBillingInput = z.object({ patientId: idSchema });
export const cardIdInput = z.object({ cardId: idSchema });

/** How a patient pays, and whether they must keep a card on file (the payment-method gate). */
export const patientBillingSettingsInput = z.object({
  patientId: idSchema,
  paymentType: z.enum(["CASH", "INSURANCE"], { error: "FIZ002" }).nullable(),
  enforcePaymentMethod: z.boolean(),
});
