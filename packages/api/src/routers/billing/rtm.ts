import type { DbOrTx, RosterScope } from "@fizio/db";
import {
  addReviewTime,
  findRecording,
  insertBillingEntry,
  readAll,
  reviewSecondsBySurface,
  rtmBilledPeriods,
  rtmDataDays,
  rtmReviewMinutes,
  rtmRosterDataDays,
  rtmRosterDataDaysSince,
  rtmRosterReviewMinutes,
  rtmRosterVisitMinutes,
  rtmVisitMinutes,
} from "@fizio/db";
import {
  AppError,
  addDays,
  billRtmPeriodInput,
  isTimedRtmCode,
  type LogReviewInput,
  logReviewInput,
  RTM_PERIOD_DAYS,
  RTM_SETUP_CODE,
  rtmPeriods,
  rtmStatusInput,
  todayIn,
} from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { clinicToday, clinicZone } from "../../billing/clinic";
import { billedFields } from "../../billing/compute";
import { billableService } from "../../billing/service-codes";
import type { UserContext } from "../../context";
import { adminProcedure, roleProcedure, router, staffProcedure } from "../../trpc";

/** The patient's monitoring periods, counted now on the clinic's calendar, each with what is billed of it. */
export async function periodsOf(
  ctx: UserContext,
  db: DbOrTx,
  patient: { id: string; organizationId: string },
) {
  const patientId = patient.id;
  const zone = await clinicZone(ctx, patient.organizationId, db);
  const [days, visits, reviews, billed] = await readAll(db, [
    () => rtmDataDays(db, patientId, zone),
    () => rtmVisitMinutes(db, patientId, zone),
    () => rtmReviewMinutes(db, patientId),
    () => rtmBilledPeriods(db, patientId),
  ]);
  // 98975 is once per episode: where it was billed, it stays.
  const setupBilledIn = billed.find((b) => b.serviceCode === RTM_SETUP_CODE)?.periodStart ?? null;
  return rtmPeriods(days, [...visits, ...reviews], todayIn(zone), setupBilledIn).map((period) => ({
    ...period,
    billedCodes: billed.filter((b) => b.periodStart === period.start).map((b) => b.serviceCode),
  }));
}

/** Remote therapeutic monitoring status (beyond the spec): days of data and minutes per 30-day period. */
const status = staffProcedure.input(rtmStatusInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const periods = await periodsOf(ctx, ctx.db, patient);
  await audit(ctx, "billing.rtm.read", "patient", input.patientId, { periods: periods.length });
  return { periods };
});

/**
 * Turns a finished period's earned codes into billing entries, once each (a second request finds them there).
 * A period still running, or one that earned nothing, is refused.
 */
const bill = adminProcedure.input(billRtmPeriodInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  return ctx.db.transaction(async (tx) => {
    const period = (await periodsOf(ctx, tx, patient)).find((p) => p.start === input.periodStart);
    if (!period) throw new AppError("FIZ002", {}, { field: "periodStart" });
    if (!period.complete || period.codes.length === 0) throw new AppError("FIZ413");
    const created = [];
    for (const earned of period.codes) {
      // The super admin may have removed an RTM code from the list: the period cannot be billed until it is back.
      const service = await billableService(tx, earned.code);
      if (!service) throw new AppError("FIZ119");
      const fields = await billedFields(tx, patient.organizationId, {
        patientId: patient.id,
        service,
        serviceCode: service.code,
        serviceName: service.name,
        serviceDate: period.end,
        minutes: isTimedRtmCode(earned.code) ? period.minutes : 0,
        units: earned.units,
      });
      const row = await insertBillingEntry(tx, {
        ...fields,
        organizationId: patient.organizationId,
        patientId: patient.id,
        source: "RTM",
        rtmPeriodStart: period.start,
      });
      if (row) created.push(row);
    }
    await audit(
      ctx,
      "billing.rtm.bill",
      "patient",
      patient.id,
      { periodStart: period.start, entryIds: created.map((r) => r.id) },
      tx,
    );
    return { created: created.length };
  });
});

/**
 * Every patient of a roster (a provider's) or an organisation with monitoring data, with their periods: all of
 * them, or, given `since`, those ending on or after it (the earlier ones are counted from the first day only).
 */
export async function rosterPeriods(ctx: UserContext, scope: RosterScope, since?: string) {
  const zone = await clinicZone(ctx, scope.organizationId);
  const [days, visits, reviews] = await Promise.all([
    since ? rtmRosterDataDaysSince(ctx.db, scope, zone, since) : rtmRosterDataDays(ctx.db, scope, zone),
    rtmRosterVisitMinutes(ctx.db, scope, zone),
    rtmRosterReviewMinutes(ctx.db, scope, since),
  ]);
  const minutes = [...visits, ...reviews];
  const today = todayIn(zone);
  const patients = new Map<string, { name: string; days: string[] }>();
  for (const row of days) {
    const entry = patients.get(row.patientId) ?? { name: `${row.firstName} ${row.lastName}`, days: [] };
    entry.days.push(row.day);
    patients.set(row.patientId, entry);
  }
  return [...patients].map(([patientId, { name, days }]) => {
    const periods = rtmPeriods(
      days,
      minutes.filter((m) => m.patientId === patientId),
      today,
    );
    return { patientId, name, periods: since ? periods.filter((p) => p.end >= since) : periods };
  });
}

/**
 * The provider's home (an admin's: the organisation's): each patient with monitoring data and where their
 * current period stands, those closest to a billable period first.
 */
const overview = staffProcedure.query(async ({ ctx }) => {
  const scope = {
    organizationId: ctx.user.organizationId,
    providerId: ctx.user.role === "ROLE_PROVIDER" ? ctx.user.id : undefined,
  };
  const rows = (await rosterPeriods(ctx, scope)).map(({ patientId, name, periods }) => ({
    patientId,
    name,
    period: periods[0]!,
  }));
  rows.sort((a, b) => a.period.daysToGo - b.period.daysToGo || a.name.localeCompare(b.name));
  await audit(ctx, "billing.rtm.overview", "patient", null, { patients: rows.map((r) => r.patientId) });
  return { patients: rows };
});

/** The patient a beat of review time is about: the recording's (one that arrived), or the one named. */
async function reviewedPatient(ctx: UserContext, input: LogReviewInput) {
  if (input.surface !== "RECORDING")
    return { patient: await loadPatientFor(ctx.user, input.patientId!, ctx.db) };
  const recording = await findRecording(ctx.db, input.recordingId!);
  if (!recording) throw new AppError("FIZ120");
  const patient = await loadPatientFor(ctx.user, recording.patientId, ctx.db);
  // Only a recording that arrived is reviewed: an upload never completed is deleted, and its time with it.
  if (recording.uploadStatus !== "UPLOADED") throw new AppError("FIZ120");
  return { patient, recordingId: recording.id };
}

/**
 * A beat of the time a provider spends on a patient's recording, chart or messages (the page reports visible,
 * active time; the last beat comes by beacon when the page is left, see apps/server's review-beacon), counted as
 * treatment-management minutes. The first beat of a day on a recording (or chart, messages) is audited; later
 * beats only add time.
 */
const logReview = roleProcedure("ROLE_PROVIDER")
  .input(logReviewInput)
  .mutation(async ({ ctx, input }) => {
    const { patient, recordingId } = await reviewedPatient(ctx, input);
    const first = await addReviewTime(ctx.db, {
      organizationId: patient.organizationId,
      patientId: patient.id,
      providerId: ctx.user.id,
      surface: input.surface,
      recordingId: recordingId ?? null,
      day: await clinicToday(ctx, patient.organizationId),
      seconds: input.seconds,
    });
    if (first)
      await audit(ctx, "billing.rtm.review", "patient", patient.id, {
        surface: input.surface,
        recordingId: recordingId ?? null,
      });
    return { ok: true as const };
  });

/**
 * A patient's review time in the current monitoring period (the last 30 days before any data), by where it was
 * spent, with the period's treatment minutes as 98980/98981 count them.
 */
const reviewTime = staffProcedure.input(rtmStatusInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const periods = await periodsOf(ctx, ctx.db, patient);
  const today = await clinicToday(ctx, patient.organizationId);
  const current = periods[0] && periods[0].end >= today ? periods[0] : undefined;
  const range = current
    ? { from: current.start, to: current.end }
    : { from: addDays(today, 1 - RTM_PERIOD_DAYS), to: today };
  const seconds = await reviewSecondsBySurface(ctx.db, patient.id, range);
  await audit(ctx, "billing.rtm.reviewTime", "patient", patient.id, range);
  return { ...range, seconds, minutes: current?.minutes ?? null };
});

export const rtmRouter = router({ status, bill, overview, logReview, reviewTime });
