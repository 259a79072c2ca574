import { describe, expect, it } from "vitest";
import { firstAdminDecision, firstSuperAdminInput } from "../src";

const none = { superAdmins: [], emailInUse: false };

describe("firstAdminDecision", () => {
  it("creates on an empty deployment", () => {
    expect(firstAdminDecision("ana@clinic.test", none)).toEqual({ kind: "create" });
  });

  it("for the same person again, re-sends an unused link or does nothing", () => {
    const waiting = { superAdmins: [{ email: "ana@clinic.test", passwordSet: false }], emailInUse: true };
    const signedIn = { superAdmins: [{ email: "ana@clinic.test", passwordSet: true }], emailInUse: true };
    expect(firstAdminDecision("ana@clinic.test", waiting)).toEqual({ kind: "resend" });
    expect(firstAdminDecision("ana@clinic.test", signedIn)).toEqual({ kind: "done" });
  });

  it("never makes a second super admin (FIZ284), nor takes another account's email (FIZ202)", () => {
    const setUp = { superAdmins: [{ email: "ana@clinic.test", passwordSet: true }], emailInUse: false };
    expect(firstAdminDecision("bo@clinic.test", setUp)).toEqual({ kind: "refuse", code: "FIZ284" });
    expect(firstAdminDecision("bo@clinic.test", { superAdmins: [], emailInUse: true })).toEqual({
      kind: "refuse",
      code: "FIZ202",
    });
  });
});

describe("firstSuperAdminInput", () => {
  it("normalises the email and refuses what a form would", () => {
    const ok = firstSuperAdminInput.parse({
      email: " Ana@Clinic.TEST ",
      firstName: "Ana",
      lastName: "Ruiz",
      organization: "Riverside PT",
    });
    expect(ok).toMatchObject({ email: "ana@clinic.test", language: "ENGLISH" });
    const bad = firstSuperAdminInput.safeParse({
      email: "ana",
      firstName: "",
      lastName: "R",
      organization: "R",
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => `${i.path.join(".")}:${i.message}`)).toEqual([
      "email:FIZ036",
      "firstName:FIZ001",
      "organization:FIZ004",
    ]);
  });
});
