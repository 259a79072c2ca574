import { describe, expect, it } from "vitest";
import {
  type AnalysisResult,
  averageError,
  currentAndNextSession,
  type DashboardSession,
  jointProgress,
  jointProgressInput,
  jointSummaries,
  listRecordingResultsInput,
  nextEvent,
  planProgress,
  repSeries,
  sessionState,
  systemPoints,
  timeline,
  todoSession,
} from "../src";

const ID = "7d1c0f5e-8a4b-4f57-9a3e-2b7c1d9e0f11";

const knee = (meanAbsError: number | null, tolerance = 10) => ({
  joint: "KNEE" as const,
  side: "LEFT" as const,
  meanAbsError,
  withinTolerance: meanAbsError === null ? null : 0.8,
  tolerance,
  coverage: meanAbsError === null ? 0 : 0.95,
  series: [],
});
const hip = (meanAbsError: number | null) => ({ ...knee(meanAbsError, 15), joint: "HIP" as const });

const result = (joints: AnalysisResult["joints"], reps: AnalysisResult["reps"] = []) => ({
  overallAverageError: 7,
  joints,
  reps,
});

describe("results: a recording's joints and repetitions", () => {
  it("passes a joint within its tolerance, fails one beyond it, and cannot judge an unseen one", () => {
    const rows = jointSummaries(result([knee(10), hip(15.5), { ...knee(null), side: "RIGHT" }]));
    expect(rows.map((r) => [r.key, r.verdict])).toEqual([
      ["KNEE_LEFT", "PASS"],
      ["HIP_LEFT", "FAIL"],
      ["KNEE_RIGHT", "UNKNOWN"],
    ]);
    expect(rows[0]).toMatchObject({ withinTolerancePercent: 80, coveragePercent: 95 });
    expect(rows[2]).toMatchObject({ withinTolerancePercent: null, coveragePercent: 0 });
    // Results stored before ranges and views were recorded read as unknown, not as zero.
    expect(rows[0]).toMatchObject({ measured: null, unmeasurable: null });
  });

  it("carries the measured range and why a joint could not be measured", () => {
    const [row, wrist] = jointSummaries(
      result([
        { ...knee(10), measured: { min: 90, max: 170, range: 80 } },
        { ...knee(null), joint: "WRIST", unmeasurable: "NO_HAND_KEYPOINT", measured: null },
      ]),
    );
    expect(row).toMatchObject({ measured: { min: 90, max: 170, range: 80 }, unmeasurable: null });
    expect(wrist).toMatchObject({ verdict: "UNKNOWN", unmeasurable: "NO_HAND_KEYPOINT", measured: null });
  });

  it("numbers repetitions from 1 in order, with null for a joint not seen in a rep", () => {
    const series = repSeries(
      result(
        [knee(5), hip(6)],
        [
          { index: 1, startT: 3, endT: 5, errorByJoint: { KNEE_LEFT: 4 }, score: 70 },
          { index: 0, startT: 0, endT: 2, errorByJoint: { KNEE_LEFT: 6, HIP_LEFT: 8 }, score: 90 },
        ],
      ),
    );
    expect(series).toEqual([
      { rep: 1, score: 90, errors: { KNEE_LEFT: 6, HIP_LEFT: 8 } },
      { rep: 2, score: 70, errors: { KNEE_LEFT: 4, HIP_LEFT: null } },
    ]);
  });
});

describe("results: joint progress over time", () => {
  it("gives one point per recording, oldest first, with every joint measured and its latest tolerance", () => {
    const progress = jointProgress([
      {
        recordingId: "b",
        recordingDate: new Date("2026-03-05"),
        result: result([{ ...knee(6, 12), measured: { min: 95, max: 175, range: 80 } }]),
      },
      { recordingId: "a", recordingDate: new Date("2026-03-01"), result: result([knee(9), hip(null)]) },
    ]);
    expect(progress.joints).toEqual([
      { key: "KNEE_LEFT", joint: "KNEE", side: "LEFT", tolerance: 12 },
      { key: "HIP_LEFT", joint: "HIP", side: "LEFT", tolerance: 15 },
    ]);
    expect(progress.points.map((p) => [p.recordingId, p.errors])).toEqual([
      ["a", { KNEE_LEFT: 9, HIP_LEFT: null }],
      ["b", { KNEE_LEFT: 6 }],
    ]);
    // Range of motion beside the error: unknown for the older result that did not record it.
    expect(progress.points.map((p) => p.ranges)).toEqual([
      { KNEE_LEFT: null, HIP_LEFT: null },
      { KNEE_LEFT: 80 },
    ]);
  });

  it("is empty without completed recordings", () => {
    expect(jointProgress([])).toEqual({ joints: [], points: [] });
  });
});

describe("results: filters", () => {
  it("refuses a date range that ends before it starts (FIZ012) and a search under 3 characters (FIZ038)", () => {
    const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues.map((i) => i.message);
    expect(codes(listRecordingResultsInput.safeParse({ from: "2026-03-05", to: "2026-03-01" }))).toEqual([
      "FIZ012",
    ]);
    expect(codes(listRecordingResultsInput.safeParse({ search: "ab" }))).toEqual(["FIZ038"]);
    expect(
      jointProgressInput.safeParse({ patientId: ID, from: "2026-03-01", to: "2026-03-01" }).success,
    ).toBe(true);
  });
});

describe("results: the patient dashboard", () => {
  const sessions: DashboardSession[] = [
    { id: "s1", date: "2026-03-01", position: 0, activityIds: ["a1", "a2"] },
    { id: "s2", date: "2026-03-03", position: 1, activityIds: ["a3"] },
    { id: "s3", date: "2026-03-05", position: 2, activityIds: ["a4"] },
    { id: "s4", date: "2026-03-08", position: 3, activityIds: ["a5"] },
  ];

  it("earns points for completed activities and submitted assessments", () => {
    expect(systemPoints({ completedActivities: 3, submittedAssessments: 2 })).toBe(40);
    expect(systemPoints({ completedActivities: 0, submittedAssessments: 0 })).toBe(0);
  });

  it("averages the known errors only", () => {
    expect(averageError([4, null, 8])).toBe(6);
    expect(averageError([null])).toBeNull();
    expect(averageError([])).toBeNull();
  });

  it("counts plan progress by activity and by fully completed session", () => {
    expect(planProgress(sessions, new Set(["a1", "a2", "a3", "a5"]))).toEqual({
      completedActivities: 4,
      totalActivities: 5,
      completedSessions: 3,
      totalSessions: 4,
      percent: 80,
    });
    expect(planProgress([], new Set()).percent).toBe(0);
  });

  it("marks sessions completed, missed, open or upcoming", () => {
    const done = new Set(["a1", "a2"]);
    const states = sessions.map((s) => sessionState(s, sessions, done, "2026-03-05"));
    expect(states).toEqual(["COMPLETED", "MISSED", "OPEN", "UPCOMING"]);
  });

  it("makes the latest open unfinished session current and the first after today next", () => {
    const ids = (r: { current: { id: string } | null; next: { id: string } | null }) => [
      r.current?.id ?? null,
      r.next?.id ?? null,
    ];
    expect(ids(currentAndNextSession(sessions, new Set(), "2026-03-04"))).toEqual(["s2", "s3"]);
    expect(ids(currentAndNextSession(sessions, new Set(["a3"]), "2026-03-04"))).toEqual(["s1", "s3"]);
    expect(ids(currentAndNextSession(sessions, new Set(["a1", "a2", "a3"]), "2026-03-04"))).toEqual([
      null,
      "s3",
    ]);
    expect(ids(currentAndNextSession(sessions, new Set(), "2026-02-01"))).toEqual([null, "s1"]);
  });

  it("offers on /to-do the current session, else today's done one, else the next", () => {
    const id = (s: { id: string } | null) => s?.id ?? null;
    // A missed session stays offered until the next one opens, also just after midnight.
    expect(id(todoSession(sessions, new Set(), "2026-03-02"))).toBe("s1");
    expect(id(todoSession(sessions, new Set(), "2026-03-04"))).toBe("s2");
    expect(id(todoSession(sessions, new Set(["a1", "a2", "a3"]), "2026-03-03"))).toBe("s2");
    expect(id(todoSession(sessions, new Set(["a1", "a2", "a3"]), "2026-03-04"))).toBe("s3");
    expect(id(todoSession(sessions, new Set(), "2026-02-01"))).toBe("s1");
    expect(todoSession(sessions, new Set(["a1", "a2", "a3", "a4", "a5"]), "2026-04-01")).toBeNull();
  });

  it("puts the current session first, then the oldest waiting assessment, then the next session", () => {
    const [s1, s2] = sessions;
    const pending = [
      { id: "new", name: "Check-in", assignedAt: new Date("2026-03-04") },
      { id: "old", name: "Knee", assignedAt: new Date("2026-03-01") },
    ];
    expect(nextEvent(s1!, s2!, pending)).toEqual({ kind: "SESSION", sessionId: "s1", date: "2026-03-01" });
    expect(nextEvent(null, s2!, pending)).toMatchObject({ kind: "ASSESSMENT", assessmentId: "old" });
    expect(nextEvent(null, s2!, [])).toEqual({ kind: "SESSION", sessionId: "s2", date: "2026-03-03" });
    expect(nextEvent(null, null, [])).toBeNull();
    const visit = { id: "e1", startOn: new Date("2026-03-02T15:00:00Z"), date: "2026-03-02", title: null };
    // Today's appointment comes before today's session; a later one only before a later session.
    expect(nextEvent(s1!, s2!, pending, visit, "2026-03-02")).toMatchObject({
      kind: "APPOINTMENT",
      eventId: "e1",
    });
    expect(nextEvent(s1!, s2!, pending, visit, "2026-03-01")).toMatchObject({
      kind: "SESSION",
      sessionId: "s1",
    });
    expect(nextEvent(null, s2!, [], visit, "2026-03-01")).toMatchObject({ kind: "APPOINTMENT" });
    expect(nextEvent(null, s2!, [], { ...visit, date: "2026-03-04" }, "2026-03-01")).toMatchObject({
      kind: "SESSION",
      sessionId: "s2",
    });
    expect(nextEvent(null, null, [], visit, "2026-03-01")).toMatchObject({ kind: "APPOINTMENT" });
  });

  it("lists the most recent entries first, up to the limit", () => {
    const entries = [1, 5, 3].map((day) => ({
      kind: "ACTIVITY" as const,
      id: `e${day}`,
      title: null,
      at: new Date(`2026-03-0${day}`),
    }));
    expect(timeline(entries, 2).map((e) => e.id)).toEqual(["e5", "e3"]);
  });

  it("lists an activity and its analysed recording once, under the recording", () => {
    const at = new Date("2026-03-02T10:00:00Z");
    const entries = [
      { kind: "ACTIVITY" as const, id: "s1", title: "Elbow curls", at, recordingId: "r1" },
      { kind: "RECORDING" as const, id: "r1", title: "Elbow flexion", at, overallAverageError: 12.6 },
      // Its recording not analysed yet: the activity stands for itself.
      { kind: "ACTIVITY" as const, id: "s2", title: "Elbow curls", at, recordingId: "r2" },
      { kind: "ACTIVITY" as const, id: "s3", title: "Easy walk", at },
    ];
    expect(timeline(entries).map((e) => [e.id, e.title])).toEqual([
      ["r1", "Elbow curls"],
      ["s2", "Elbow curls"],
      ["s3", "Easy walk"],
    ]);
  });
});
