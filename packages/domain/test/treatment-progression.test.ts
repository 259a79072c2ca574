import { describe, expect, it } from "vitest";
import {
  type ActivityFields,
  AppError,
  activityInput,
  effectiveTolerances,
  type ProgressionPlan,
  progressionTargets,
  progressPlanInput,
} from "../src";

const curls: ActivityFields = activityInput.parse({
  type: "VIDEO",
  name: "Elbow curls",
  referenceVideoId: "00000000-0000-4000-8000-0000000000a1",
  reps: 10,
  sets: 2,
  side: "LEFT",
  direction: "FRONT",
  orientation: "PORTRAIT",
});
const walk: ActivityFields = activityInput.parse({
  type: "CUSTOM_TEXT",
  name: "Walk",
  description: "Ten minutes",
});
const rom: ActivityFields = activityInput.parse({
  ...curls,
  type: "ROM",
  name: "Elbow range",
  sets: null,
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const started = new Date("2026-11-20T10:00:00Z");

const DATES = ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"];

/** Six sessions a day apart from 2026-11-28, each with curls and a walk; the first two sessions' curls started. */
function plan(): ProgressionPlan {
  return {
    status: "CURRENT",
    sessions: Array.from({ length: 6 }, (_, i) => ({
      id: id(100 + i),
      date: DATES[i] as string,
      activities: [
        { ...curls, id: id(200 + i), startedAt: i < 2 ? started : null, tolerance: i < 2 ? 20 : null },
        { ...walk, id: id(300 + i), startedAt: null, tolerance: null },
        { ...rom, id: id(400 + i), startedAt: null, tolerance: null },
      ],
    })),
  };
}

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError
      ? `${error.code}${error.field ? `@${error.field}` : ""}`
      : "not an AppError";
  }
}

const base = { activityId: id(200), today: "2026-11-30", changes: { reps: 12 } };

describe("progressionTargets", () => {
  it("changes the same activity from the chosen session onward, with the new reps and the rest kept", () => {
    const targets = progressionTargets(plan(), { ...base, fromSessionId: id(103) });
    expect(targets.map((t) => t.activityId)).toEqual([id(203), id(204), id(205)]);
    expect(targets.map((t) => t.sessionId)).toEqual([id(103), id(104), id(105)]);
    for (const t of targets) expect(t.fields).toEqual({ ...curls, reps: 12 });
  });

  it("skips the copies the patient started: they stay as history", () => {
    const targets = progressionTargets(plan(), { ...base, fromSessionId: id(100) });
    expect(targets.map((t) => t.activityId)).toEqual([id(202), id(203), id(204), id(205)]);
  });

  it("all remaining sessions are those dated today or later", () => {
    const targets = progressionTargets(plan(), { ...base, fromSessionId: null });
    expect(targets.map((t) => t.sessionId)).toEqual([id(102), id(103), id(104), id(105)]);
  });

  it("changes only the fields given, several at once", () => {
    const [first] = progressionTargets(plan(), {
      ...base,
      fromSessionId: id(105),
      changes: { sets: 3, reps: 15 },
    });
    expect(first?.fields).toEqual({ ...curls, reps: 15, sets: 3 });
  });

  it("leaves other activities of the sessions alone", () => {
    const targets = progressionTargets(plan(), { ...base, activityId: id(301), fromSessionId: id(104) });
    expect(targets.map((t) => t.activityId)).toEqual([id(304), id(305)]);
    expect(targets.every((t) => t.fields.name === "Walk")).toBe(true);
  });

  it("FIZ283 when every copy in the range has started", () => {
    const p = {
      ...plan(),
      sessions: plan().sessions.map((s) => ({
        ...s,
        activities: s.activities.map((a) => ({ ...a, startedAt: started })),
      })),
    };
    expect(codeOf(() => progressionTargets(p, { ...base, fromSessionId: id(103) }))).toBe(
      "FIZ283@fromSessionId",
    );
  });

  it("FIZ283 when no session is left ahead", () => {
    expect(
      codeOf(() => progressionTargets(plan(), { ...base, fromSessionId: null, today: "2027-01-01" })),
    ).toBe("FIZ283@fromSessionId");
  });

  it("FIZ111 for an activity of another plan, FIZ121 for a session of another plan", () => {
    expect(
      codeOf(() => progressionTargets(plan(), { ...base, activityId: id(999), fromSessionId: null })),
    ).toBe("FIZ111@activityId");
    expect(codeOf(() => progressionTargets(plan(), { ...base, fromSessionId: id(998) }))).toBe(
      "FIZ121@fromSessionId",
    );
  });

  it("FIZ413 on an ended plan", () => {
    expect(
      codeOf(() => progressionTargets({ ...plan(), status: "COMPLETED" }, { ...base, fromSessionId: null })),
    ).toBe("FIZ413");
  });

  it("keeps the kind's field rules: a ROM measurement has no sets (FIZ041)", () => {
    expect(
      codeOf(() =>
        progressionTargets(plan(), {
          ...base,
          activityId: id(400),
          fromSessionId: null,
          changes: { sets: 2 },
        }),
      ),
    ).toBe("FIZ041@changes.sets");
  });
});

describe("progressing the tolerance", () => {
  it("sets the tolerance of the copies from the chosen session onward; the started ones keep theirs", () => {
    const p = plan();
    const targets = progressionTargets(p, { ...base, fromSessionId: id(100), changes: { tolerance: 8 } });
    expect(targets.map((t) => [t.activityId, t.tolerance])).toEqual([
      [id(202), 8],
      [id(203), 8],
      [id(204), 8],
      [id(205), 8],
    ]);
    // The dose stays: only the tolerance was given.
    for (const t of targets) expect(t.fields).toEqual(curls);
    expect(p.sessions[0]?.activities[0]?.tolerance).toBe(20);
  });

  it("a dose change keeps a tolerance set earlier", () => {
    const p = plan();
    const withOwn = {
      ...p,
      sessions: p.sessions.map((s) => ({
        ...s,
        activities: s.activities.map((a) => (a.id === id(205) ? { ...a, tolerance: 12 } : a)),
      })),
    };
    const targets = progressionTargets(withOwn, { ...base, fromSessionId: id(104), changes: { reps: 14 } });
    expect(targets.map((t) => t.tolerance)).toEqual([null, 12]);
  });

  it("applies to a ROM measurement too", () => {
    const targets = progressionTargets(plan(), {
      ...base,
      activityId: id(400),
      fromSessionId: id(104),
      changes: { tolerance: 5.5 },
    });
    expect(targets.map((t) => t.tolerance)).toEqual([5.5, 5.5]);
  });

  it("FIZ293 for an activity that is not measured against a reference video", () => {
    expect(
      codeOf(() =>
        progressionTargets(plan(), {
          ...base,
          activityId: id(300),
          fromSessionId: null,
          changes: { tolerance: 10 },
        }),
      ),
    ).toBe("FIZ293@changes.tolerance");
  });

  it("the input keeps a tolerance within 1 and 45 degrees (the reference video's limits)", () => {
    const input = (tolerance: unknown) =>
      progressPlanInput.safeParse({
        planId: id(1),
        activityId: id(2),
        fromSessionId: null,
        today: "2026-11-30",
        changes: { tolerance },
      });
    expect(input(0.5).error?.issues[0]?.message).toBe("FIZ010");
    expect(input(46).error?.issues[0]?.message).toBe("FIZ009");
    expect(input("ten").error?.issues[0]?.message).toBe("FIZ011");
    expect(input(1).success).toBe(true);
    expect(input(45).success).toBe(true);
    expect(input(7.5).data?.changes).toEqual({ tolerance: 7.5 });
  });
});

describe("effectiveTolerances", () => {
  const joints = [
    { joint: "KNEE" as const, tolerance: 10 },
    { joint: "HIP" as const, tolerance: 15 },
  ];
  it("keeps each joint's reference tolerance without an override", () => {
    expect(effectiveTolerances(joints, null)).toEqual(joints);
  });
  it("scores every joint with the plan activity's tolerance when it has one", () => {
    expect(effectiveTolerances(joints, 6)).toEqual([
      { joint: "KNEE", tolerance: 6 },
      { joint: "HIP", tolerance: 6 },
    ]);
  });
});

describe("progressPlanInput", () => {
  const valid = {
    planId: id(1),
    activityId: id(2),
    fromSessionId: null,
    today: "2026-11-30",
    changes: { reps: 12 },
  };
  it("needs at least one change", () => {
    const result = progressPlanInput.safeParse({ ...valid, changes: {} });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("FIZ001");
  });
  it("refuses a non-positive or fractional dose", () => {
    expect(progressPlanInput.safeParse({ ...valid, changes: { reps: 0 } }).error?.issues[0]?.message).toBe(
      "FIZ010",
    );
    expect(progressPlanInput.safeParse({ ...valid, changes: { sets: 1.5 } }).error?.issues[0]?.message).toBe(
      "FIZ011",
    );
  });
  it("accepts a valid progression", () => {
    expect(progressPlanInput.parse(valid)).toEqual(valid);
  });
});
