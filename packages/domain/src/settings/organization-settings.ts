import { z } from "zod";
import { type TwoFactorRequirement, twoFactorRequirementSchema } from "../auth/two-factor";
import { IDLE_LOGOFF } from "../auth/idle-logoff";
import { EVENT_REMINDER_LEAD_MINUTES, PATIENT_CHANGE_NOTICE_MINUTES } from "../calendar/constants";
import { MIN_SUPPORT_VIDEOS_FOR_ANALYSIS } from "../constants";
import { type Language, languageSchema } from "../enums";
import type { UploadKind } from "../media/enums";
import {
  MAX_UPLOAD_MB,
  PLATFORM_MAX_UPLOAD_MB,
  type UploadLimits,
  VIDEO_EXTENSIONS,
  type VideoExtension,
} from "../media/upload";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";

/** US clinics: Eastern unless the organisation (or, for new organisations, CLINIC_TIME_ZONE) says otherwise. */
export const DEFAULT_CLINIC_TIME_ZONE = "America/New_York";

/** What an admin sets for their organisation on /settings; every consumer reads these, not the constants. */
export interface OrganizationSettings {
  /** The clinic's calendar: the day of a service, of a fee adjustment, of remote-monitoring data. */
  timeZone: string;
  /** New users' language unless the form says otherwise. */
  defaultLanguage: Language;
  /** Processed support videos a reference group needs before it is ready for analysis (spec §4). */
  minSupportVideos: number;
  /** Upload limits in MB (MiB): a therapist's reference video and a patient's recording. */
  referenceVideoMaxMb: number;
  recordingMaxMb: number;
  /** Which of the video formats the platform can read the organisation accepts. */
  videoExtensions: VideoExtension[];
  /** How long before an appointment its reminder goes out. */
  reminderLeadMinutes: number;
  /** How long before an appointment a patient may still cancel or reschedule it themself. */
  patientChangeNoticeMinutes: number;
  /** Who signs in with a second factor besides the admins, who always do. */
  twoFactorRequirement: TwoFactorRequirement;
  /** Automatic log-off: minutes without activity after which a staff member's, or a patient's, session ends. */
  staffIdleMinutes: number;
  patientIdleMinutes: number;
}

/** Today's constants: what an organisation has until its admin changes something. */
export const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = {
  timeZone: DEFAULT_CLINIC_TIME_ZONE,
  defaultLanguage: "ENGLISH",
  minSupportVideos: MIN_SUPPORT_VIDEOS_FOR_ANALYSIS,
  referenceVideoMaxMb: MAX_UPLOAD_MB.REFERENCE_VIDEO,
  recordingMaxMb: MAX_UPLOAD_MB.RECORDING,
  videoExtensions: [...VIDEO_EXTENSIONS],
  reminderLeadMinutes: EVENT_REMINDER_LEAD_MINUTES,
  patientChangeNoticeMinutes: PATIENT_CHANGE_NOTICE_MINUTES,
  twoFactorRequirement: "ADMINS",
  staffIdleMinutes: IDLE_LOGOFF.staffMinutes,
  patientIdleMinutes: IDLE_LOGOFF.patientMinutes,
};

/** The ranges the settings may take. */
export const SETTINGS_LIMITS = {
  minSupportVideos: { min: 1, max: 20 },
  uploadMb: { min: 1, max: PLATFORM_MAX_UPLOAD_MB },
  reminderLeadMinutes: { min: 15, max: 7 * 24 * 60 },
  patientChangeNoticeMinutes: { min: 0, max: 7 * 24 * 60 },
  idleMinutes: { min: IDLE_LOGOFF.minMinutes, max: IDLE_LOGOFF.maxMinutes },
} as const;

const bounded = (limits: { min: number; max: number }) =>
  z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(limits.min, { error: "FIZ010" })
    .max(limits.max, { error: "FIZ009" });

export const organizationSettingsInput = z.object({
  timeZone: timeZoneSchema,
  defaultLanguage: languageSchema,
  minSupportVideos: bounded(SETTINGS_LIMITS.minSupportVideos),
  referenceVideoMaxMb: bounded(SETTINGS_LIMITS.uploadMb),
  recordingMaxMb: bounded(SETTINGS_LIMITS.uploadMb),
  videoExtensions: z
    .array(z.enum(VIDEO_EXTENSIONS, { error: "FIZ056" }))
    .min(1, { error: "FIZ001" })
    .refine((list) => new Set(list).size === list.length, { error: "FIZ008" }),
  reminderLeadMinutes: bounded(SETTINGS_LIMITS.reminderLeadMinutes),
  patientChangeNoticeMinutes: bounded(SETTINGS_LIMITS.patientChangeNoticeMinutes),
  twoFactorRequirement: twoFactorRequirementSchema,
  staffIdleMinutes: bounded(SETTINGS_LIMITS.idleMinutes),
  patientIdleMinutes: bounded(SETTINGS_LIMITS.idleMinutes),
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsInput>;

/** The fields an update changed, for the audit row (a setting change in the system log). */
export function changedSettings(before: OrganizationSettings, after: OrganizationSettings): string[] {
  return (Object.keys(after) as (keyof OrganizationSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** The organisation's logo: a small image shown in the header, up to 1 MB. */
export const LOGO_TYPES = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;
export type LogoType = keyof typeof LOGO_TYPES;
export const LOGO_MAX_MB = 1;

/** FIZ056 for a file that is not a PNG, JPEG or WebP image, FIZ058 empty, FIZ057 over 1 MB. */
export const startLogoUploadInput = z.object({
  contentType: z.enum(Object.keys(LOGO_TYPES) as [LogoType, ...LogoType[]], { error: "FIZ056" }),
  size: z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(1, { error: "FIZ058" })
    .refine((size) => size <= LOGO_MAX_MB * 1024 * 1024, {
      error: "FIZ057",
      params: { maxMb: LOGO_MAX_MB },
    }),
});
export type StartLogoUploadInput = z.infer<typeof startLogoUploadInput>;

/** The upload is named by the id startLogoUpload gave it; its key stays on the server. */
export const completeLogoUploadInput = z.object({
  id: idSchema,
  etag: z.string().min(1).max(200),
});

/** The organisation's limits for one kind of upload, as uploadIssues takes them. */
export function uploadLimitsOf(
  settings: Pick<OrganizationSettings, "referenceVideoMaxMb" | "recordingMaxMb" | "videoExtensions">,
  kind: UploadKind,
): UploadLimits {
  return {
    maxMb: kind === "REFERENCE_VIDEO" ? settings.referenceVideoMaxMb : settings.recordingMaxMb,
    extensions: settings.videoExtensions,
  };
}
