import { describe, expect, it } from "vitest";
import {
  changedSettings,
  clinicContactLines,
  clinicContactOf,
  DEFAULT_ORGANIZATION_SETTINGS,
  fieldErrorsFromZod,
  organizationSettingsForm,
  organizationSettingsInput,
  settingsFormValues,
  splitMinutes,
  uploadLimitsOf,
} from "../src";

const codes = (input: unknown) => {
  const parsed = organizationSettingsInput.safeParse(input);
  return parsed.success ? [] : fieldErrorsFromZod(parsed.error).map((e) => `${e.path}:${e.code}`);
};

describe("organisation settings", () => {
  it("start from today's constants, which are themselves valid settings", () => {
    expect(DEFAULT_ORGANIZATION_SETTINGS).toEqual({
      timeZone: "America/New_York",
      defaultLanguage: "ENGLISH",
      minSupportVideos: 1,
      referenceVideoMaxMb: 500,
      recordingMaxMb: 1024,
      videoExtensions: ["mp4", "mov", "webm", "m4v"],
      reminderLeadMinutes: 1440,
      patientChangeNoticeMinutes: 1440,
      twoFactorRequirement: "ADMINS",
      staffIdleMinutes: 15,
      patientIdleMinutes: 30,
      clinicName: "",
      clinicAddress: "",
      clinicPhone: "",
      clinicEmail: "",
    });
    expect(codes(DEFAULT_ORGANIZATION_SETTINGS)).toEqual([]);
  });

  it("take the clinic's contact details, checking the phone and email, and sign with them", () => {
    const contact = {
      ...DEFAULT_ORGANIZATION_SETTINGS,
      clinicName: " Riverside Physical Therapy ",
      clinicAddress: "12 Main St\nSpringfield, IL 62701",
      clinicPhone: "+1 (555) 010-2030",
      clinicEmail: "Front.Desk@Riverside.example",
    };
    const parsed = organizationSettingsInput.parse(contact);
    expect(parsed).toMatchObject({
      clinicName: "Riverside Physical Therapy",
      clinicEmail: "front.desk@riverside.example",
    });
    expect(
      codes({ ...contact, clinicPhone: "call us", clinicEmail: "desk@", clinicName: "x".repeat(121) }),
    ).toEqual(["clinicName:FIZ003", "clinicPhone:FIZ006", "clinicEmail:FIZ036"]);
    expect(clinicContactLines(clinicContactOf(parsed, "Fizio Clinic"))).toEqual([
      "Riverside Physical Therapy",
      "12 Main St, Springfield, IL 62701",
      "+1 (555) 010-2030 · front.desk@riverside.example",
    ]);
    expect(clinicContactLines(clinicContactOf(DEFAULT_ORGANIZATION_SETTINGS, "Fizio Clinic"))).toEqual([
      "Fizio Clinic",
    ]);
  });

  it("let the form give the reminder lead and change notice in hours or days, kept in range", () => {
    const form = settingsFormValues(DEFAULT_ORGANIZATION_SETTINGS);
    expect(form.reminderLead).toEqual({ amount: 1, unit: "DAYS" });
    expect(splitMinutes(90)).toEqual({ amount: 90, unit: "MINUTES" });
    expect(splitMinutes(120)).toEqual({ amount: 2, unit: "HOURS" });
    const saved = organizationSettingsForm.parse({ ...form, reminderLead: { amount: 3, unit: "HOURS" } });
    expect(saved).toMatchObject({ reminderLeadMinutes: 180, patientChangeNoticeMinutes: 1440 });
    expect("reminderLead" in saved).toBe(false);
    const tooLong = organizationSettingsForm.safeParse({
      ...form,
      reminderLead: { amount: 8, unit: "DAYS" },
    });
    expect(
      tooLong.success ? [] : fieldErrorsFromZod(tooLong.error).map((e) => `${e.path}:${e.code}`),
    ).toEqual(["reminderLead.amount:FIZ009"]);
  });

  it("refuse an unknown time zone, language or video format, and numbers out of range", () => {
    const bad = {
      ...DEFAULT_ORGANIZATION_SETTINGS,
      timeZone: "Mars/Olympus",
      defaultLanguage: "KLINGON",
      minSupportVideos: 0,
      referenceVideoMaxMb: 1.5,
      recordingMaxMb: 20_000,
      videoExtensions: ["mp4", "exe"],
      reminderLeadMinutes: 5,
    };
    expect(codes(bad)).toEqual([
      "timeZone:FIZ002",
      "defaultLanguage:FIZ002",
      "minSupportVideos:FIZ010",
      "referenceVideoMaxMb:FIZ011",
      "recordingMaxMb:FIZ009",
      "videoExtensions.1:FIZ056",
      "reminderLeadMinutes:FIZ010",
    ]);
  });

  it("need at least one video format, each once", () => {
    expect(codes({ ...DEFAULT_ORGANIZATION_SETTINGS, videoExtensions: [] })).toEqual([
      "videoExtensions:FIZ001",
    ]);
    expect(codes({ ...DEFAULT_ORGANIZATION_SETTINGS, videoExtensions: ["mp4", "mp4"] })).toEqual([
      "videoExtensions:FIZ008",
    ]);
  });

  it("name what an update changed, for the system log", () => {
    const after = {
      ...DEFAULT_ORGANIZATION_SETTINGS,
      timeZone: "Pacific/Honolulu",
      videoExtensions: ["mp4" as const],
    };
    expect(changedSettings(DEFAULT_ORGANIZATION_SETTINGS, after)).toEqual(["timeZone", "videoExtensions"]);
    expect(changedSettings(after, after)).toEqual([]);
  });

  it("give each upload kind its own size limit and the shared formats", () => {
    const settings = {
      ...DEFAULT_ORGANIZATION_SETTINGS,
      referenceVideoMaxMb: 40,
      videoExtensions: ["mp4" as const],
    };
    expect(uploadLimitsOf(settings, "REFERENCE_VIDEO")).toEqual({ maxMb: 40, extensions: ["mp4"] });
    expect(uploadLimitsOf(settings, "RECORDING")).toEqual({ maxMb: 1024, extensions: ["mp4"] });
  });
});
