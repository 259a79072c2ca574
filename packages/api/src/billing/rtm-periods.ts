import {
  type DbOrTx,
  readAll,
  rtmBilledPeriods,
  rtmDataDays,
  rtmReviewMinutes,
  rtmVisitMinutes,
} from "@fizio/db";
import { RTM_SETUP_CODE, rtmPeriods, todayIn } from "@fizio/domain";
import type { UserContext } from "../context";
import { clinicZone } from "./clinic";

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
