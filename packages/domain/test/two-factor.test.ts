import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORGANIZATION_SETTINGS,
  disableTwoFactorInput,
  mayTurnOffTwoFactor,
  mustEnrollTwoFactor,
  organizationSettingsInput,
  twoFactorRequiredFor,
  verifyTwoFactorInput,
} from "../src";

describe("who must sign in with a second factor", () => {
  it("is always the admins and super admins, whatever the organisation says", () => {
    for (const requirement of ["ADMINS", "STAFF", "EVERYONE"] as const) {
      expect(twoFactorRequiredFor("ROLE_ADMIN", requirement)).toBe(true);
      expect(twoFactorRequiredFor("ROLE_SUPER_ADMIN", requirement)).toBe(true);
    }
  });

  it("adds the providers for STAFF, and the patients too only for EVERYONE", () => {
    expect(twoFactorRequiredFor("ROLE_PROVIDER", "ADMINS")).toBe(false);
    expect(twoFactorRequiredFor("ROLE_PROVIDER", "STAFF")).toBe(true);
    expect(twoFactorRequiredFor("ROLE_PATIENT", "STAFF")).toBe(false);
    expect(twoFactorRequiredFor("ROLE_PROVIDER", "EVERYONE")).toBe(true);
    expect(twoFactorRequiredFor("ROLE_PATIENT", "EVERYONE")).toBe(true);
  });

  it("sends to enrolment a required user without one, not an enrolled or exempt one", () => {
    const admin = { role: "ROLE_ADMIN" as const, requirement: "ADMINS" as const, exempt: false };
    expect(mustEnrollTwoFactor({ ...admin, twoFactorEnabled: false })).toBe(true);
    expect(mustEnrollTwoFactor({ ...admin, twoFactorEnabled: true })).toBe(false);
    expect(mustEnrollTwoFactor({ ...admin, twoFactorEnabled: false, exempt: true })).toBe(false);
    expect(
      mustEnrollTwoFactor({
        role: "ROLE_PATIENT",
        requirement: "STAFF",
        exempt: false,
        twoFactorEnabled: false,
      }),
    ).toBe(false);
  });

  it("lets a user turn it off only where it is not required of them (or they are exempt)", () => {
    expect(mayTurnOffTwoFactor({ role: "ROLE_PATIENT", requirement: "STAFF", exempt: false })).toBe(true);
    expect(mayTurnOffTwoFactor({ role: "ROLE_PROVIDER", requirement: "ADMINS", exempt: false })).toBe(true);
    expect(mayTurnOffTwoFactor({ role: "ROLE_PROVIDER", requirement: "STAFF", exempt: false })).toBe(false);
    expect(mayTurnOffTwoFactor({ role: "ROLE_PATIENT", requirement: "EVERYONE", exempt: false })).toBe(false);
    expect(mayTurnOffTwoFactor({ role: "ROLE_ADMIN", requirement: "ADMINS", exempt: false })).toBe(false);
    expect(mayTurnOffTwoFactor({ role: "ROLE_ADMIN", requirement: "ADMINS", exempt: true })).toBe(true);
  });

  it("asks for the password and a 6-digit code to turn it off", () => {
    expect(disableTwoFactorInput.parse({ password: "x", code: "123 456" })).toEqual({
      password: "x",
      code: "123456",
    });
    expect(disableTwoFactorInput.safeParse({ password: "", code: "123456" }).error?.issues[0]?.message).toBe(
      "FIZ037",
    );
    expect(
      disableTwoFactorInput.safeParse({ password: "x", code: "aB3dE-fG5hJ" }).error?.issues[0]?.message,
    ).toBe("FIZ285");
  });

  it("asks only admins by default, and refuses an unknown requirement", () => {
    expect(DEFAULT_ORGANIZATION_SETTINGS.twoFactorRequirement).toBe("ADMINS");
    const bad = organizationSettingsInput.safeParse({
      ...DEFAULT_ORGANIZATION_SETTINGS,
      twoFactorRequirement: "NOBODY",
    });
    expect(bad.error?.issues[0]).toMatchObject({ path: ["twoFactorRequirement"], message: "FIZ002" });
  });
});

describe("the second step's code", () => {
  it("takes 6 digits or a recovery code, spaces removed", () => {
    expect(verifyTwoFactorInput.parse({ code: " 123 456 " }).code).toBe("123456");
    expect(verifyTwoFactorInput.parse({ code: "aB3dE-fG5hJ" }).code).toBe("aB3dE-fG5hJ");
  });

  it("refuses anything else as a wrong code (FIZ285), and an empty one as required (FIZ001)", () => {
    expect(verifyTwoFactorInput.safeParse({ code: "12345" }).error?.issues[0]?.message).toBe("FIZ285");
    expect(verifyTwoFactorInput.safeParse({ code: "1234567" }).error?.issues[0]?.message).toBe("FIZ285");
    expect(verifyTwoFactorInput.safeParse({ code: "  " }).error?.issues[0]?.message).toBe("FIZ001");
  });
});
