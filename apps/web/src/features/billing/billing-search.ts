import { isoDateSchema, PAYMENT_METHODS } from "@fizio/domain";
import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";

/** /billing/transactions keeps its filters and page in the URL. */
export const transactionsSearchSchema = listSearchSchema.extend({
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type TransactionsSearch = z.infer<typeof transactionsSearchSchema>;

/** /billing/insurance: patient search, plan name and page. */
export const insuranceSearchSchema = listSearchSchema.extend({
  plan: z.string().max(100).optional().catch(undefined),
});
export type InsuranceSearch = z.infer<typeof insuranceSearchSchema>;
