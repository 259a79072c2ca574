import { todayIn } from "@fizio/domain";
import type { ApiConfig } from "../context";

/** US clinics: Eastern unless CLINIC_TIME_ZONE says otherwise. */
export const DEFAULT_CLINIC_TIME_ZONE = "America/New_York";

export const clinicZone = (config: ApiConfig) => config.clinicTimeZone ?? DEFAULT_CLINIC_TIME_ZONE;

/** Today on the clinic's calendar: fee adjustments start, run and end by it. */
export const clinicToday = (config: ApiConfig, now = new Date()) => todayIn(clinicZone(config), now);
