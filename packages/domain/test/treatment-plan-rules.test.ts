import { describe, expect, it } from "vitest";
import {
  type ActivityFields,
  AppError,
  activityInput,
  assertNewPlanIds,
  assertPlanContent,
  assertPlanDeletable,
  assertPlanEditable,
  assertPlanUpdate,
  assertSingleCurrentPlan,
  type PlanChange,
  type StoredPlan,
} from "../src";

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

const walk: ActivityFields = activityInput.parse({
  type: "CUSTOM_TEXT",
  name: "Walk",
  description: "Walk for ten minutes",
});
const ice: ActivityFields = activityInput.parse({ type: "TEXT", name: "Ice", description: "Ice the knee" });

const stored: StoredPlan = {
  status: "CURRENT",
  sessions: [
    {
      id: "s1",
      activities: [
        { ...walk, id: "a1", startedAt: new Date("2026-03-02T10:00:00Z") },
        { ...ice, id: "a2", startedAt: null },
      ],
    },
    { id: "s2", activities: [{ ...walk, id: "a3", startedAt: null }] },
  ],
  assessmentTemplateIds: ["t1"],
};

const unchanged: PlanChange = {
  sessions: stored.sessions.map((s) => ({ id: s.id, activities: s.activities.map((a) => ({ ...a })) })),
  assessmentTemplateIds: ["t1"],
};

describe("treatment plan rules (spec §4, §5)", () => {
  it("allows one current plan per patient (FIZ232)", () => {
    expect(codeOf(() => assertSingleCurrentPlan(null))).toBeNull();
    expect(codeOf(() => assertSingleCurrentPlan("p1", "p1"))).toBeNull();
    expect(codeOf(() => assertSingleCurrentPlan("p1"))).toBe("FIZ232");
    expect(codeOf(() => assertSingleCurrentPlan("p1", "p2"))).toBe("FIZ232");
  });

  it("refuses to delete a completed plan (FIZ220) or one the patient has worked on (FIZ278)", () => {
    expect(codeOf(() => assertPlanDeletable("COMPLETED", 0))).toBe("FIZ220");
    for (const status of ["DRAFT", "CURRENT", "TERMINATED", "CANCELLED"] as const) {
      expect(codeOf(() => assertPlanDeletable(status, 0))).toBeNull();
      expect(codeOf(() => assertPlanDeletable(status, 1))).toBe("FIZ278");
    }
  });

  it("keeps ended plans read-only", () => {
    expect(codeOf(() => assertPlanEditable("DRAFT"))).toBeNull();
    expect(codeOf(() => assertPlanEditable("CURRENT"))).toBeNull();
    expect(codeOf(() => assertPlanEditable("TERMINATED"))).toBe("FIZ413");
    expect(codeOf(() => assertPlanUpdate({ ...stored, status: "COMPLETED" }, unchanged))).toBe("FIZ413");
  });

  it("needs an activity and an assessment (FIZ039, FIZ040)", () => {
    expect(
      codeOf(() => assertPlanContent({ sessions: [{ activities: [walk] }], assessmentTemplateIds: ["t"] })),
    ).toBeNull();
    expect(
      codeOf(() => assertPlanContent({ sessions: [{ activities: [] }], assessmentTemplateIds: ["t"] })),
    ).toBe("FIZ039");
    expect(
      codeOf(() => assertPlanContent({ sessions: [{ activities: [walk] }], assessmentTemplateIds: [] })),
    ).toBe("FIZ040");
  });

  it("lets unstarted activities change, move and go", () => {
    const next: PlanChange = {
      sessions: [
        {
          id: "s1",
          activities: [{ ...walk, id: "a1" }, { ...ice, id: "a2", notes: "After the walk" }, { ...ice }],
        },
        { activities: [{ ...walk, id: "a3", reps: 3 }] },
      ],
      assessmentTemplateIds: ["t1", "t2"],
    };
    expect(codeOf(() => assertPlanUpdate(stored, unchanged))).toBeNull();
    expect(codeOf(() => assertPlanUpdate(stored, next))).toBeNull();
  });

  it("refuses to change, move or remove a started activity (FIZ221)", () => {
    const changed = structuredClone(unchanged) as PlanChange & {
      sessions: { activities: ActivityFields[] }[];
    };
    changed.sessions[0]!.activities[0]!.reps = 12;
    expect(codeOf(() => assertPlanUpdate(stored, changed))).toBe("FIZ221");

    const removed: PlanChange = {
      ...unchanged,
      sessions: [{ id: "s1", activities: [{ ...ice, id: "a2" }] }, unchanged.sessions[1]!],
    };
    expect(codeOf(() => assertPlanUpdate(stored, removed))).toBe("FIZ221");

    const moved: PlanChange = {
      ...unchanged,
      sessions: [
        { id: "s1", activities: [{ ...ice, id: "a2" }] },
        {
          id: "s2",
          activities: [
            { ...walk, id: "a3" },
            { ...walk, id: "a1" },
          ],
        },
      ],
    };
    expect(codeOf(() => assertPlanUpdate(stored, moved))).toBe("FIZ221");
  });

  it("refuses ids from elsewhere", () => {
    const foreignActivity: PlanChange = {
      ...unchanged,
      sessions: [...unchanged.sessions, { activities: [{ ...walk, id: "zz" }] }],
    };
    expect(codeOf(() => assertPlanUpdate(stored, foreignActivity))).toBe("FIZ111");
    const foreignSession: PlanChange = { ...unchanged, sessions: [{ id: "zz", activities: [walk] }] };
    expect(codeOf(() => assertPlanUpdate(stored, foreignSession))).toBe("FIZ121");
  });

  it("takes no ids for a new plan's sessions and activities (FIZ121, FIZ111)", () => {
    const fresh: PlanChange = { sessions: [{ activities: [walk, ice] }], assessmentTemplateIds: ["t1"] };
    expect(codeOf(() => assertNewPlanIds(fresh))).toBeNull();
    expect(codeOf(() => assertNewPlanIds({ sessions: [{ id: "s1", activities: [walk] }] }))).toBe("FIZ121");
    expect(codeOf(() => assertNewPlanIds({ sessions: [{ activities: [{ ...walk, id: "a1" }] }] }))).toBe(
      "FIZ111",
    );
  });

  it("keeps a live plan's assessments but lets a draft change them (FIZ248)", () => {
    const dropped: PlanChange = { ...unchanged, assessmentTemplateIds: ["t2"] };
    expect(codeOf(() => assertPlanUpdate(stored, dropped))).toBe("FIZ248");
    expect(codeOf(() => assertPlanUpdate({ ...stored, status: "DRAFT" }, dropped))).toBeNull();
  });
});
