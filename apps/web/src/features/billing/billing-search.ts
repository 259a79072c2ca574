import type { PaymentMethod } from "@fizio/domain";
import { dateParam, enumParam, type SearchOf, searchParams, textParam } from "../../lib/search-params";
import { listSearchFields } from "../lists/list-search";

/** /billing/transactions keeps its filters and page in the URL. */
const transactionsSearchFields = {
  ...listSearchFields,
  method: enumParam<PaymentMethod>({ CASH: true, CARD: true }),
  from: dateParam,
  to: dateParam,
};
export const parseTransactionsSearch = searchParams(transactionsSearchFields);
export type TransactionsSearch = SearchOf<typeof transactionsSearchFields>;

/** /billing/insurance: patient search, plan name and page. */
const insuranceSearchFields = { ...listSearchFields, plan: textParam(100) };
export const parseInsuranceSearch = searchParams(insuranceSearchFields);
export type InsuranceSearch = SearchOf<typeof insuranceSearchFields>;
