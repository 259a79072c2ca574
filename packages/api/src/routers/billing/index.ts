import { router } from "../../trpc";
import { cardsRouter } from "./cards";
import { entriesRouter } from "./entries";
import { feeAdjustmentsRouter } from "./fee-adjustments";
import { insuranceRouter } from "./insurance";
import { updatePatientSettings } from "./patient-settings";
import { pricesRouter } from "./prices";
import { rtmRouter } from "./rtm";
import { transactionsRouter } from "./transactions";

export const billingRouter = router({
  prices: pricesRouter,
  feeAdjustments: feeAdjustmentsRouter,
  entries: entriesRouter,
  transactions: transactionsRouter,
  insurance: insuranceRouter,
  cards: cardsRouter,
  rtm: rtmRouter,
  patientSettings: router({ update: updatePatientSettings }),
});
