import { describe, expect, it } from "vitest";
import {
  AppError,
  assertAddendumAllowed,
  assertCaseNoteEditable,
  caseNoteFields,
  healthPlanIssues,
  healthPlansInput,
  historyCodeIssue,
  historyDateIssues,
  historyEntryFields,
  historyEntryTitle,
} from "../src";

const codes = (value: object) =>
  historyEntryFields.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);
const fiz = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return null;
};

describe("medical history entries", () => {
  it("accepts a coded condition, a medication and a procedure", () => {
    expect(
      codes({ kind: "CONDITION", status: "CURRENT", code: "M17.11", startDate: "2024-03-01" }),
    ).toBeUndefined();
    expect(
      codes({
        kind: "MEDICATION",
        status: "CURRENT",
        name: "Ibuprofen",
        dose: "400 mg",
        frequency: "twice a day",
        prescribedBy: "Dr. Lee",
      }),
    ).toBeUndefined();
    expect(
      codes({
        kind: "PROCEDURE",
        status: "PAST",
        name: "Arthroscopy",
        performedBy: "Dr. Ortiz",
        startDate: "2023-05-02",
        endDate: "2023-05-02",
      }),
    ).toBeUndefined();
  });

  it("names what each kind needs, and refuses another kind's fields (FIZ007)", () => {
    expect(codes({ kind: "CONDITION", status: "CURRENT" })).toEqual([["code", "FIZ001"]]);
    // Whether the code is in the CONDITIONS list is looked up by the caller and passed in.
    expect(historyCodeIssue({ kind: "CONDITION" }, false)).toEqual({ path: "code", code: "FIZ002" });
    expect(historyCodeIssue({ kind: "CONDITION" }, true)).toBeNull();
    expect(historyCodeIssue({ kind: "MEDICATION" }, false)).toBeNull();
    expect(codes({ kind: "CONDITION", status: "CURRENT", code: "I10", dose: "5 mg" })).toEqual([
      ["dose", "FIZ007"],
    ]);
    expect(codes({ kind: "MEDICATION", status: "CURRENT", name: "Ibuprofen" })).toEqual([
      ["dose", "FIZ001"],
      ["frequency", "FIZ001"],
    ]);
    expect(
      codes({ kind: "PROCEDURE", status: "PAST", name: "Arthroscopy", endDate: "2023-01-01", dose: "1" }),
    ).toEqual([["dose", "FIZ007"]]);
  });

  it("keeps dates in order: a past entry ends, a current one does not, the end follows the start", () => {
    const base = { kind: "PROCEDURE", name: "Arthroscopy" };
    expect(codes({ ...base, status: "PAST" })).toEqual([["endDate", "FIZ001"]]);
    expect(codes({ ...base, status: "CURRENT", endDate: "2024-01-01" })).toEqual([["endDate", "FIZ007"]]);
    expect(codes({ ...base, status: "PAST", startDate: "2024-02-01", endDate: "2024-01-01" })).toEqual([
      ["endDate", "FIZ013"],
    ]);
    expect(historyDateIssues({ startDate: "2026-11-26", endDate: null }, "2026-11-25")).toEqual([
      { path: "startDate", code: "FIZ014" },
    ]);
    expect(historyDateIssues({ startDate: "2026-11-25", endDate: null }, "2026-11-25")).toEqual([]);
  });

  it("stores a condition's code in ICD-10-CM's written form, however it was typed", () => {
    const code = (typed: string) =>
      historyEntryFields.parse({ kind: "CONDITION", status: "CURRENT", code: typed }).code;
    for (const typed of ["s83.511a", " S83.511a ", "s83511a", "S83511A"])
      expect(code(typed)).toBe("S83.511A");
    expect(code("i10")).toBe("I10");
    expect(code("m17.11")).toBe("M17.11");
  });

  it("refuses an oversized note (FIZ003)", () => {
    expect(codes({ kind: "PROCEDURE", status: "CURRENT", name: "x", notes: "n".repeat(2001) })).toEqual([
      ["notes", "FIZ003"],
    ]);
  });

  it("lists a condition under its code's description, or the code once the code is gone", () => {
    expect(
      historyEntryTitle({
        kind: "CONDITION",
        code: "I10",
        name: "",
        conditionName: "Essential hypertension",
      }),
    ).toBe("Essential hypertension (I10)");
    expect(historyEntryTitle({ kind: "CONDITION", code: "I10", name: "", conditionName: null })).toBe(
      "I10 (I10)",
    );
  });
});

describe("case notes", () => {
  it("need at least one SOAP section and refuse an oversized one", () => {
    expect(caseNoteFields.safeParse({}).error?.issues[0]?.message).toBe("FIZ001");
    expect(caseNoteFields.safeParse({ plan: "p".repeat(10_001) }).error?.issues[0]?.message).toBe("FIZ003");
    expect(caseNoteFields.safeParse({ subjective: "Knee pain 3/10" }).success).toBe(true);
  });

  it("are their author's to edit until signed; signed they never change (FIZ413); others' are FIZ252", () => {
    expect(fiz(() => assertCaseNoteEditable({ authorId: "a", signedAt: null }, "a"))).toBeNull();
    expect(fiz(() => assertCaseNoteEditable({ authorId: "a", signedAt: new Date() }, "a"))).toBe("FIZ413");
    expect(fiz(() => assertCaseNoteEditable({ authorId: "a", signedAt: null }, "b"))).toBe("FIZ252");
  });

  it("take an addendum only once signed, and not on an addendum", () => {
    expect(fiz(() => assertAddendumAllowed({ signedAt: new Date(), addendumTo: null }))).toBeNull();
    expect(fiz(() => assertAddendumAllowed({ signedAt: null, addendumTo: null }))).toBe("FIZ413");
    expect(fiz(() => assertAddendumAllowed({ signedAt: new Date(), addendumTo: "x" }))).toBe("FIZ413");
  });
});

describe("health plans (spec §5)", () => {
  const plan = {
    planName: "Aetna",
    planId: "W123456789",
    group: "G-100",
    cob: "PRIMARY" as const,
    primaryInsured: "SELF" as const,
    primaryDateOfBirth: "1984-05-12",
    effectiveDate: "2026-01-01",
  };
  const today = "2026-11-25";

  it("accepts none, or up to three with one primary", () => {
    expect(healthPlanIssues([], today)).toEqual([]);
    expect(
      healthPlanIssues([plan, { ...plan, cob: "SECONDARY" }, { ...plan, cob: "TERTIARY" }], today),
    ).toEqual([]);
  });

  it("refuses a fourth plan (FIZ021), no primary (FIZ022) and a repeated order (FIZ008)", () => {
    const four = [plan, { ...plan, cob: "SECONDARY" as const }, { ...plan, cob: "TERTIARY" as const }, plan];
    expect(healthPlanIssues(four, today).map((i) => i.code)).toContain("FIZ021");
    expect(healthPlanIssues([{ ...plan, cob: "SECONDARY" }], today)).toEqual([
      { path: "plans", code: "FIZ022" },
    ]);
    expect(healthPlanIssues([plan, plan], today)).toEqual([{ path: "plans.1.cob", code: "FIZ008" }]);
    expect(
      healthPlansInput.safeParse({ patientId: crypto.randomUUID(), plans: four }).error?.issues[0]?.message,
    ).toBe("FIZ021");
  });

  it("names each stored plan once: the same id twice is refused (FIZ008)", () => {
    const id = crypto.randomUUID();
    expect(
      healthPlanIssues(
        [
          { ...plan, id },
          { ...plan, id, cob: "SECONDARY" },
        ],
        today,
      ),
    ).toEqual([{ path: "plans.1.id", code: "FIZ008" }]);
    expect(
      healthPlanIssues(
        [
          { ...plan, id },
          { ...plan, cob: "SECONDARY" },
        ],
        today,
      ),
    ).toEqual([]);
    expect(healthPlansInput.safeParse({ patientId: id, plans: [{ ...plan, id: "x" }] }).success).toBe(false);
  });

  it("keeps dates plausible: insured born before today (FIZ016), plan in effect and after the birth (FIZ023)", () => {
    expect(healthPlanIssues([{ ...plan, primaryDateOfBirth: today, effectiveDate: today }], today)).toEqual([
      { path: "plans.0.primaryDateOfBirth", code: "FIZ016" },
    ]);
    expect(healthPlanIssues([{ ...plan, effectiveDate: "2026-12-01" }], today)).toEqual([
      { path: "plans.0.effectiveDate", code: "FIZ023" },
    ]);
    expect(healthPlanIssues([{ ...plan, effectiveDate: "1980-01-01" }], today)).toEqual([
      { path: "plans.0.effectiveDate", code: "FIZ023" },
    ]);
  });
});
