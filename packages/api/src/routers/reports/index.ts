import { patientsOverview as overviewQuery } from "@fizio/db";
import {
  adherence,
  PATIENTS_OVERVIEW_START_DATE,
  patientsOverviewInput,
  reportRange,
  todayIn,
} from "@fizio/domain";
import { adminProcedure, router } from "../../trpc";

/**
 * /reports patients overview: the admin's organisation by week (active patients, adherence, recordings and
 * their average error). Aggregates only, no patient is named, so it is not a read of anyone's record.
 */
const patientsOverview = adminProcedure.input(patientsOverviewInput).query(async ({ ctx, input }) => {
  const { timeZone } = input;
  const start = ctx.config.patientsOverviewStartDate ?? PATIENTS_OVERVIEW_START_DATE;
  const range = reportRange(input, todayIn(timeZone), start);
  const weeks = await overviewQuery(ctx.db, ctx.user.organizationId, { ...range, timeZone });
  return {
    ...range,
    weeks: weeks.map((w) => ({ ...w, adherence: adherence(w.done, w.planned) })),
  };
});

export const reportsRouter = router({ patientsOverview });
