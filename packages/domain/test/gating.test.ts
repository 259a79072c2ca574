import { describe, expect, it } from "vitest";
import { gateFor, retryDelayMs, shouldRedirectToLogin, uiLanguageFor } from "../src";

const patient = {
  role: "ROLE_PATIENT" as const,
  agreedToTos: true,
  onboardingCompleted: true,
  firstName: "Ana",
  enforcePaymentMethod: false,
  twoFactorPending: false,
};

describe("gating order (spec §4)", () => {
  it("puts the terms first, then onboarding, then payment, then the app", () => {
    expect(
      gateFor({ ...patient, agreedToTos: false, onboardingCompleted: false, enforcePaymentMethod: true }),
    ).toBe("TERMS");
    expect(gateFor({ ...patient, onboardingCompleted: false, enforcePaymentMethod: true })).toBe(
      "ONBOARDING",
    );
    expect(gateFor({ ...patient, enforcePaymentMethod: true })).toBe("PAYMENT_METHOD");
    expect(gateFor(patient)).toBe("APP");
  });

  it("asks a user required to enrol a second factor for it before every other gate", () => {
    expect(
      gateFor({ ...patient, twoFactorPending: true, agreedToTos: false, onboardingCompleted: false }),
    ).toBe("TWO_FACTOR");
  });

  it("never shows the terms or payment gates to other roles", () => {
    const provider = {
      ...patient,
      role: "ROLE_PROVIDER" as const,
      agreedToTos: false,
      enforcePaymentMethod: true,
    };
    expect(gateFor(provider)).toBe("APP");
  });

  it("only asks users with a first name to onboard", () => {
    expect(gateFor({ ...patient, firstName: "", onboardingCompleted: false })).toBe("APP");
  });

  it("follows preferredLanguage for patients only", () => {
    expect(uiLanguageFor({ role: "ROLE_PATIENT", preferredLanguage: "SPANISH" })).toBe("es");
    expect(uiLanguageFor({ role: "ROLE_PROVIDER", preferredLanguage: "SPANISH" })).toBe("en");
  });
});

describe("403/502 redirect to /login (spec §4)", () => {
  it("redirects reads and writes on ordinary pages", () => {
    expect(shouldRedirectToLogin(403, "read", "/home")).toBe(true);
    expect(shouldRedirectToLogin(502, "write", "/profile")).toBe(true);
    expect(shouldRedirectToLogin(500, "read", "/home")).toBe(false);
  });

  it("exempts reads on /login, /self-registration and invitation pages, writes only on /login", () => {
    const invitation = "/invitations/0b7d3c2e-3f7a-4c56-9a58-3c1d2f0e9a11";
    expect(shouldRedirectToLogin(403, "read", "/login")).toBe(false);
    expect(shouldRedirectToLogin(403, "read", "/self-registration")).toBe(false);
    expect(shouldRedirectToLogin(403, "read", invitation)).toBe(false);
    expect(shouldRedirectToLogin(403, "write", "/login")).toBe(false);
    expect(shouldRedirectToLogin(403, "write", "/self-registration")).toBe(true);
    expect(shouldRedirectToLogin(403, "write", invitation)).toBe(true);
    const guest = "/invitations/guest/Zx3_kP-9qRsT2uVwXyZa1b2c3d4e5f6g";
    expect(shouldRedirectToLogin(502, "read", guest)).toBe(false);
    expect(shouldRedirectToLogin(502, "write", guest)).toBe(true);
  });

  it("backs off from 1 s doubling up to 30 s", () => {
    expect([0, 1, 2, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});
