import { z } from "zod";
import { isoDateSchema } from "../dates";
import { idSchema } from "../treatment/fields";
import { addDays } from "../treatment/schedule";

/**
 * Remote therapeutic monitoring (CPT 98975, 98977, 98980, 98981), counted from what the platform records: a day
 * with recorded activity data, and minutes of treatment management (video visits, recording reviews).
 * Periods are 30 calendar days in the clinic's zone, the first starting on the patient's first day of data; the
 * chain of periods from that day is the patient's episode of care.
 */
export const RTM_PERIOD_DAYS = 30;
export const RTM_MIN_DATA_DAYS = 16;
export const RTM_FIRST_MINUTES = 20;
export const RTM_EXTRA_MINUTES = 20;

/**
 * CPT 98975, the initial set-up and patient education on the equipment: once per episode of care, in a 30-day
 * period with enough days of data. CMS asked for 16 days until 2025; from 1 January 2026 (CPT 2026, adopted in the
 * CY 2026 physician fee schedule with the 2-15-day device codes) 2 days are enough.
 */
export const RTM_SETUP_CODE = "98975";
export const RTM_SETUP_MIN_DATA_DAYS = 2;
export const RTM_SETUP_RULE_FROM = "2026-01-01";

/** Days of data 98975 needs in a period, by its date of service (the period's last day). */
export function rtmSetupMinDataDays(serviceDate: string): number {
  return serviceDate >= RTM_SETUP_RULE_FROM ? RTM_SETUP_MIN_DATA_DAYS : RTM_MIN_DATA_DAYS;
}

/**
 * The codes the remote-monitoring rules earn (their names and units are rows of the SERVICES codes); the timed ones
 * bill the period's treatment-management minutes.
 */
export const RTM_SERVICES = [
  {
    code: RTM_SETUP_CODE,
    name: "Remote therapeutic monitoring, initial set-up and patient education on use of equipment",
    unit: "PERIOD",
    timed: false,
  },
  {
    code: "98977",
    name: "Remote therapeutic monitoring, musculoskeletal device supply",
    unit: "PERIOD",
    timed: false,
  },
  {
    code: "98980",
    name: "Remote therapeutic monitoring treatment management, first 20 minutes",
    unit: "PERIOD",
    timed: true,
  },
  {
    code: "98981",
    name: "Remote therapeutic monitoring treatment management, each additional 20 minutes",
    unit: "PERIOD",
    timed: true,
  },
] as const;
export type RtmCode = (typeof RTM_SERVICES)[number]["code"];

export interface RtmCodeUnits {
  code: RtmCode;
  units: number;
}

export interface RtmPeriod {
  start: string;
  /** Inclusive. */
  end: string;
  dataDays: number;
  minutes: number;
  /** The period is over, so what it earned is final and can be billed. */
  complete: boolean;
  /** Days of data still needed for 98977 (0 once reached). */
  daysToGo: number;
  codes: RtmCodeUnits[];
}

export function isTimedRtmCode(code: string): boolean {
  return RTM_SERVICES.some((s) => s.code === code && s.timed);
}

/**
 * What a period's counts earn each period: 98977 at 16 days; 98980 for the first 20 minutes, 98981 per further 20.
 * 98975, once per episode, is `rtmSetupPeriod`'s.
 */
export function rtmCodes(dataDays: number, minutes: number): RtmCodeUnits[] {
  const codes: RtmCodeUnits[] = [];
  if (dataDays >= RTM_MIN_DATA_DAYS) codes.push({ code: "98977", units: 1 });
  if (minutes >= RTM_FIRST_MINUTES) {
    codes.push({ code: "98980", units: 1 });
    const extra = Math.floor((minutes - RTM_FIRST_MINUTES) / RTM_EXTRA_MINUTES);
    if (extra > 0) codes.push({ code: "98981", units: extra });
  }
  return codes;
}

/**
 * The start of the one period of the episode that earns 98975: the period it was billed in, once billed; until then
 * the first whose days of data reach the threshold of its date. Null while none does.
 */
export function rtmSetupPeriod(
  periods: readonly Pick<RtmPeriod, "start" | "end" | "dataDays">[],
  billedIn: string | null = null,
): string | null {
  if (billedIn) return billedIn;
  const oldestFirst = [...periods].sort((a, b) => a.start.localeCompare(b.start));
  return oldestFirst.find((p) => p.dataDays >= rtmSetupMinDataDays(p.end))?.start ?? null;
}

/**
 * The periods from the first day of data to the one holding `today`, newest first. `dataDays` are the days
 * (clinic zone) with at least one recording; `minutes` the treatment-management minutes by day; `setupBilledIn`
 * the start of the period 98975 was billed in, if it was.
 */
export function rtmPeriods(
  dataDays: string[],
  minutes: { day: string; minutes: number }[],
  today: string,
  setupBilledIn: string | null = null,
): RtmPeriod[] {
  const days = [...new Set(dataDays)].sort();
  const first = days[0];
  if (!first) return [];
  const periods: RtmPeriod[] = [];
  for (let start = first; start <= today; start = addDays(start, RTM_PERIOD_DAYS)) {
    const end = addDays(start, RTM_PERIOD_DAYS - 1);
    const inPeriod = (day: string) => day >= start && day <= end;
    const dataCount = days.filter(inPeriod).length;
    const minuteCount = minutes.filter((m) => inPeriod(m.day)).reduce((sum, m) => sum + m.minutes, 0);
    periods.push({
      start,
      end,
      dataDays: dataCount,
      minutes: minuteCount,
      complete: end < today,
      daysToGo: Math.max(0, RTM_MIN_DATA_DAYS - dataCount),
      codes: rtmCodes(dataCount, minuteCount),
    });
  }
  const setup = rtmSetupPeriod(periods, setupBilledIn);
  for (const period of periods)
    if (period.start === setup) period.codes.unshift({ code: RTM_SETUP_CODE, units: 1 });
  return periods.reverse();
}

export const rtmStatusInput = z.object({ patientId: idSchema });
export const billRtmPeriodInput = z.object({ patientId: idSchema, periodStart: isoDateSchema });
