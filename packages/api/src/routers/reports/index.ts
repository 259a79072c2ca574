import {
  patientsOverview as overviewQuery,
  providerActivity as providerActivityQuery,
  recordingsReport,
} from "@fizio/db";
import {
  addDays,
  adherence,
  failureRate,
  PATIENTS_OVERVIEW_START_DATE,
  type ReportInput,
  RTM_PERIOD_DAYS,
  reportBucket,
  reportInput,
  reportRange,
  rtmReportPeriods,
  todayIn,
} from "@fizio/domain";
import { audit } from "../../audit";
import { clinicToday } from "../../billing/clinic";
import type { UserContext } from "../../context";
import { adminProcedure, router } from "../../trpc";
import { rosterPeriods } from "../billing/rtm";

/** The days a report covers by the range rules (FIZ009), in the admin's zone. */
function rangeOf(ctx: UserContext, input: ReportInput) {
  const start = ctx.config.patientsOverviewStartDate ?? PATIENTS_OVERVIEW_START_DATE;
  return { ...reportRange(input, todayIn(input.timeZone), start), timeZone: input.timeZone };
}

/**
 * /reports patients overview: the admin's organisation by week (active patients, adherence, recordings and
 * their average error). Aggregates only, no patient is named, so it is not a read of anyone's record.
 */
const patientsOverview = adminProcedure.input(reportInput).query(async ({ ctx, input }) => {
  const range = rangeOf(ctx, input);
  const weeks = await overviewQuery(ctx.db, ctx.user.organizationId, range);
  return {
    from: range.from,
    to: range.to,
    weeks: weeks.map((w) => ({ ...w, adherence: adherence(w.done, w.planned) })),
  };
});

/** /reports/provider-activity: per provider, completed visits, recordings reviewed, plans written and changed. */
const providerActivity = adminProcedure.input(reportInput).query(async ({ ctx, input }) => {
  const range = rangeOf(ctx, input);
  const providers = await providerActivityQuery(ctx.db, ctx.user.organizationId, range);
  return { from: range.from, to: range.to, providers };
});

/** /reports/recordings: recordings by day or week, analysed and failed, failures by reason, processing time. */
const recordings = adminProcedure.input(reportInput).query(async ({ ctx, input }) => {
  const range = rangeOf(ctx, input);
  const bucket = reportBucket(range);
  const report = await recordingsReport(ctx.db, ctx.user.organizationId, { ...range, bucket });
  const analysed = report.buckets.reduce((n, b) => n + b.analysed, 0);
  const failed = report.buckets.reduce((n, b) => n + b.failed, 0);
  return {
    from: range.from,
    to: range.to,
    bucket,
    buckets: report.buckets,
    failures: report.failures,
    totals: { analysed, failed, failureRate: failureRate(analysed, failed) },
  };
});

/**
 * /reports/remote-monitoring: patients whose monitoring periods overlapping the range earned an RTM code or are
 * close to one. It names patients, so it is audited as a read of theirs, like the RTM overview.
 */
const remoteMonitoring = adminProcedure.input(reportInput).query(async ({ ctx, input }) => {
  const range = rangeOf(ctx, input);
  const today = await clinicToday(ctx, ctx.user.organizationId);
  // A period overlapping the range started at most a period before it.
  const since = addDays(range.from, -(RTM_PERIOD_DAYS - 1));
  const patients = await rosterPeriods(ctx, { organizationId: ctx.user.organizationId }, since);
  const rows = patients
    .flatMap(({ patientId, name, periods }) =>
      rtmReportPeriods(periods, range, today).map((period) => ({ patientId, name, ...period })),
    )
    .sort((a, b) => b.start.localeCompare(a.start) || a.name.localeCompare(b.name));
  await audit(ctx, "reports.remoteMonitoring", "patient", null, {
    patients: [...new Set(rows.map((r) => r.patientId))],
  });
  return { from: range.from, to: range.to, periods: rows };
});

export const reportsRouter = router({ patientsOverview, providerActivity, recordings, remoteMonitoring });
