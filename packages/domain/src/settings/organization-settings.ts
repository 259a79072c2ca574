import { z } from "zod";
import { IDLE_LOGOFF } from "../auth/idle-logoff";
import { type TwoFactorRequirement, twoFactorRequirementSchema } from "../auth/two-factor";
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
  /**
   * The clinic's contact details, shown on emails, generated documents, invoices and the booking page; "" when
   * not given (the organisation's name stands in for the clinic name).
   */
  clinicName: string;
  clinicAddress: string;
  clinicPhone: string;
  clinicEmail: string;
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
  clinicName: "",
  clinicAddress: "",
  clinicPhone: "",
  clinicEmail: "",
};

/** The ranges the settings may take. */
export const SETTINGS_LIMITS = {
  minSupportVideos: { min: 1, max: 20 },
  uploadMb: { min: 1, max: PLATFORM_MAX_UPLOAD_MB },
  reminderLeadMinutes: { min: 15, max: 7 * 24 * 60 },
  patientChangeNoticeMinutes: { min: 0, max: 7 * 24 * 60 },
  idleMinutes: { min: IDLE_LOGOFF.minMinutes, max: IDLE_LOGOFF.maxMinutes },
} as const;

const CLINIC_LIMITS = { name: 120, address: 300, phone: 30, email: 254 } as const;

const clinicText = (max: number) => z.string({ error: "FIZ001" }).trim().max(max, { error: "FIZ003" });

/** A clinic's number as people write it: digits with spaces, dashes, dots, brackets and a leading +. */
const clinicPhoneSchema = clinicText(CLINIC_LIMITS.phone).regex(/^(\+?[\d\s().-]*\d[\d\s().-]*)?$/, {
  error: "FIZ006",
});

const clinicEmailSchema = clinicText(CLINIC_LIMITS.email)
  .pipe(z.union([z.literal(""), z.email({ error: "FIZ036" })]))
  .transform((e) => e.toLowerCase());

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
  clinicName: clinicText(CLINIC_LIMITS.name),
  clinicAddress: clinicText(CLINIC_LIMITS.address),
  clinicPhone: clinicPhoneSchema,
  clinicEmail: clinicEmailSchema,
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsInput>;

/** The fields an update changed, for the audit row (a setting change in the system log). */
export function changedSettings(before: OrganizationSettings, after: OrganizationSettings): string[] {
  return (Object.keys(after) as (keyof OrganizationSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** How the clinic signs what it sends: its contact details, its name falling back to the organisation's. */
export interface ClinicContact {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export function clinicContactOf(
  settings: Pick<OrganizationSettings, "clinicName" | "clinicAddress" | "clinicPhone" | "clinicEmail">,
  organizationName: string,
): ClinicContact {
  return {
    name: settings.clinicName || organizationName,
    address: settings.clinicAddress,
    phone: settings.clinicPhone,
    email: settings.clinicEmail,
  };
}

/** The contact details on one line each, for a footer: the name, then what was given. */
export function clinicContactLines(contact: ClinicContact): string[] {
  return [
    contact.name,
    contact.address.replace(/\s*\n\s*/g, ", "),
    [contact.phone, contact.email].filter(Boolean).join(" · "),
  ].filter(Boolean);
}

/** Reminder and notice lengths in the form: whole days or hours when they divide evenly, else minutes. */
export const DURATION_UNITS = { MINUTES: 1, HOURS: 60, DAYS: 24 * 60 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

export function splitMinutes(minutes: number): { amount: number; unit: DurationUnit } {
  if (minutes > 0 && minutes % DURATION_UNITS.DAYS === 0)
    return { amount: minutes / DURATION_UNITS.DAYS, unit: "DAYS" };
  if (minutes > 0 && minutes % DURATION_UNITS.HOURS === 0)
    return { amount: minutes / DURATION_UNITS.HOURS, unit: "HOURS" };
  return { amount: minutes, unit: "MINUTES" };
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

const durationField = z.object({
  amount: z.number({ error: "FIZ011" }).int({ error: "FIZ011" }).min(0, { error: "FIZ009" }),
  unit: z.enum(Object.keys(DURATION_UNITS) as [DurationUnit, ...DurationUnit[]], { error: "FIZ002" }),
});

const minutesOf = (d: z.infer<typeof durationField>) => d.amount * DURATION_UNITS[d.unit];

/**
 * The /settings form: the reminder lead and the change notice as an amount in minutes, hours or days, each kept
 * in its range (FIZ009 on the amount), sent to the API as minutes.
 */
export const organizationSettingsForm = organizationSettingsInput
  .omit({ reminderLeadMinutes: true, patientChangeNoticeMinutes: true })
  .extend({ reminderLead: durationField, patientChangeNotice: durationField })
  .superRefine((v, ctx) => {
    const checks = [
      ["reminderLead", SETTINGS_LIMITS.reminderLeadMinutes],
      ["patientChangeNotice", SETTINGS_LIMITS.patientChangeNoticeMinutes],
    ] as const;
    for (const [field, limits] of checks) {
      const minutes = minutesOf(v[field]);
      if (minutes < limits.min || minutes > limits.max)
        ctx.addIssue({ code: "custom", path: [field, "amount"], message: "FIZ009" });
    }
  })
  .transform(({ reminderLead, patientChangeNotice, ...rest }) => ({
    ...rest,
    reminderLeadMinutes: minutesOf(reminderLead),
    patientChangeNoticeMinutes: minutesOf(patientChangeNotice),
  }));
export type OrganizationSettingsFormValues = z.input<typeof organizationSettingsForm>;

/** The saved settings as the form holds them. */
export function settingsFormValues(settings: OrganizationSettingsInput): OrganizationSettingsFormValues {
  const { reminderLeadMinutes, patientChangeNoticeMinutes, ...rest } = settings;
  return {
    ...rest,
    reminderLead: splitMinutes(reminderLeadMinutes),
    patientChangeNotice: splitMinutes(patientChangeNoticeMinutes),
  };
}
