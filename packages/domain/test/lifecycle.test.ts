import { describe, expect, it } from "vitest";
import {
  AppError,
  assertCanDelete,
  assertCanDisable,
  assertCanExpunge,
  assertCanManage,
  assertDeletionPath,
  icd10CmCodeSchema,
  signInBlocker,
  userRoleIssues,
} from "../src";

const active = {
  role: "ROLE_PATIENT" as const,
  disabled: false,
  deletedAt: null,
  accessStatus: "ACTIVE" as const,
};

function codeOf(fn: () => void) {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

describe("account rules (spec §4)", () => {
  it("blocks deleted, disabled and inactive-patient sign-ins with their codes", () => {
    expect(signInBlocker(active)).toBeNull();
    expect(signInBlocker({ ...active, deletedAt: new Date() })?.code).toBe("FIZ204");
    expect(signInBlocker({ ...active, disabled: true })?.code).toBe("FIZ259");
    expect(signInBlocker({ ...active, accessStatus: "INACTIVE" })?.code).toBe("FIZ402");
    expect(signInBlocker({ ...active, role: "ROLE_PROVIDER", accessStatus: "INACTIVE" })).toBeNull();
  });

  it("refuses to delete an enabled user and a deleted one", () => {
    expect(codeOf(() => assertCanDelete(active))).toBe("FIZ203");
    expect(codeOf(() => assertCanDelete({ ...active, disabled: true }))).toBeNull();
    expect(codeOf(() => assertCanDelete({ ...active, disabled: true, deletedAt: new Date() }))).toBe(
      "FIZ204",
    );
  });

  it("refuses to disable the default provider", () => {
    expect(
      codeOf(() => assertCanDisable({ ...active, role: "ROLE_PROVIDER", isDefaultProvider: true })),
    ).toBe("FIZ231");
  });

  it("lets an admin manage providers and patients but not another admin", () => {
    const admin = { id: "a", role: "ROLE_ADMIN" as const };
    expect(codeOf(() => assertCanManage(admin, { id: "p", role: "ROLE_PROVIDER" }))).toBeNull();
    expect(codeOf(() => assertCanManage(admin, { id: "b", role: "ROLE_ADMIN" }))).toBe("FIZ235");
    expect(
      codeOf(() => assertCanManage({ id: "s", role: "ROLE_SUPER_ADMIN" }, { id: "b", role: "ROLE_ADMIN" })),
    ).toBeNull();
    expect(
      codeOf(() => assertCanManage({ id: "x", role: "ROLE_PROVIDER" }, { id: "p", role: "ROLE_PATIENT" })),
    ).toBe("FIZ413");
  });
});

describe("expunge (spec §6)", () => {
  const deleted = { ...active, disabled: true, deletedAt: new Date() };
  const none = { medicalServices: 0, patients: 0, other: 0 };
  it("takes only a deleted user that nothing in the record depends on", () => {
    expect(codeOf(() => assertCanExpunge({ ...active, disabled: true }, none))).toBe("FIZ413");
    expect(codeOf(() => assertCanExpunge(deleted, none))).toBeNull();
    expect(codeOf(() => assertCanExpunge(deleted, { ...none, medicalServices: 1 }))).toBe("FIZ234");
    const provider = { ...deleted, role: "ROLE_PROVIDER" as const };
    expect(codeOf(() => assertCanExpunge(provider, { ...none, patients: 2 }))).toBe("FIZ233");
    expect(codeOf(() => assertCanExpunge(provider, { ...none, other: 1 }))).toBe("FIZ271");
  });

  it("deletes from the admins list only admins (FIZ236)", () => {
    expect(codeOf(() => assertDeletionPath("ROLE_ADMIN", { role: "ROLE_PATIENT" }))).toBe("FIZ236");
    expect(codeOf(() => assertDeletionPath("ROLE_ADMIN", { role: "ROLE_ADMIN" }))).toBeNull();
    expect(codeOf(() => assertDeletionPath("ROLE_PROVIDER", { role: "ROLE_PROVIDER" }))).toBeNull();
    expect(codeOf(() => assertDeletionPath(undefined, { role: "ROLE_PATIENT" }))).toBeNull();
  });
});

describe("a patient's providers and diagnosis (spec §3, §5)", () => {
  it("needs a treating or a referring provider, and a diagnosis for its code", () => {
    expect(userRoleIssues("ROLE_PATIENT", {})).toEqual([{ path: "providerId", code: "FIZ024" }]);
    expect(userRoleIssues("ROLE_PATIENT", { referringProviderId: "p" })).toEqual([]);
    expect(userRoleIssues("ROLE_PATIENT", { providerId: "p", diagnosisCode: "M54.2" })).toEqual([
      { path: "diagnosis", code: "FIZ001" },
    ]);
    expect(userRoleIssues("ROLE_PROVIDER", { location: "Main", referringProviderId: "p" })).toEqual([
      { path: "referringProviderId", code: "FIZ007" },
    ]);
  });

  it("takes a payment type and the card requirement for a new patient only", () => {
    const billing = { paymentType: "CASH" as const, enforcePaymentMethod: true };
    expect(userRoleIssues("ROLE_PATIENT", { providerId: "p", ...billing })).toEqual([]);
    expect(userRoleIssues("ROLE_ADMIN", billing)).toEqual([
      { path: "paymentType", code: "FIZ007" },
      { path: "enforcePaymentMethod", code: "FIZ007" },
    ]);
    expect(userRoleIssues("ROLE_ADMIN", { paymentType: null, enforcePaymentMethod: false })).toEqual([]);
  });

  it("accepts ICD-10-CM shaped codes only, upper-cased", () => {
    for (const code of ["M17.11", "S83.511A", "I10", "z96.651", "M62.81"])
      expect(icd10CmCodeSchema.safeParse(code).success).toBe(true);
    expect(icd10CmCodeSchema.parse(" m54.2 ")).toBe("M54.2");
    // Claims write ICD-10-CM without its dot; the record keeps the system's form.
    expect(icd10CmCodeSchema.parse("s83511a")).toBe("S83.511A");
    for (const code of ["", "1234", "M1", "U07.1", "M17.", "M17.12345", "MM1.1", "M17-11"])
      expect(icd10CmCodeSchema.safeParse(code).success).toBe(false);
  });
});
