import { describe, expect, it } from "vitest";
import { AppError, assertCanDelete, assertCanDisable, assertCanManage, signInBlocker } from "../src";

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
