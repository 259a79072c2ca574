import { describe, expect, it } from "vitest";
import {
  AppError,
  assertIntakeKind,
  assertQuestionnaire,
  assertRomMovementRecordable,
  assessmentTemplateInput,
  fieldErrorsFromZod,
  type RomSessionFacts,
  type RomVideoFacts,
  romAssessmentRecorded,
  romMovements,
  startActivitySessionInput,
  withRomChanges,
} from "../src";

const VIDEO = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

function codes(input: unknown) {
  const result = assessmentTemplateInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(fieldErrorsFromZod(result.error).map((e) => [e.path, e.code]));
}

const fizOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : "other";
  }
  return null;
};

describe("assessment kinds (spec §3, §5)", () => {
  it("keeps a template without a kind a questionnaire (PERFORMANCE)", () => {
    const parsed = assessmentTemplateInput.parse({
      name: "Pain check-in",
      questions: [{ text: "Pain now?", type: "NUMBER" }],
    });
    expect(parsed.kind).toBe("PERFORMANCE");
    expect(parsed.romVideoIds).toEqual([]);
  });

  it("needs at least one ROM video for a RANGE_OF_MOTION assessment (FIZ051), and no questions (FIZ007)", () => {
    expect(codes({ name: "Shoulder range", kind: "RANGE_OF_MOTION" })).toEqual({ romVideoIds: "FIZ051" });
    expect(
      codes({
        name: "Shoulder range",
        kind: "RANGE_OF_MOTION",
        romVideoIds: [VIDEO],
        questions: [{ text: "Pain now?", type: "NUMBER" }],
      }),
    ).toEqual({ questions: "FIZ007" });
    expect(codes({ name: "Shoulder range", kind: "RANGE_OF_MOTION", romVideoIds: [VIDEO, OTHER] })).toEqual(
      {},
    );
  });

  it("names each ROM video once (FIZ008); a questionnaire names none (FIZ007) and still needs a question", () => {
    expect(codes({ name: "Twice", kind: "RANGE_OF_MOTION", romVideoIds: [VIDEO, VIDEO] })).toEqual({
      "romVideoIds.1": "FIZ008",
    });
    expect(codes({ name: "Quiz", kind: "PERFORMANCE", romVideoIds: [VIDEO] })).toEqual({
      questions: "FIZ043",
      romVideoIds: "FIZ007",
    });
  });

  it("keeps the intake a questionnaire, and refuses answers to a ROM assessment", () => {
    expect(fizOf(() => assertIntakeKind(true, "RANGE_OF_MOTION"))).toBe("FIZ002");
    expect(fizOf(() => assertIntakeKind(false, "RANGE_OF_MOTION"))).toBeNull();
    expect(fizOf(() => assertQuestionnaire("RANGE_OF_MOTION"))).toBe("FIZ413");
    expect(fizOf(() => assertQuestionnaire("PERFORMANCE"))).toBeNull();
  });

  it("starts an assessment session only for one of its videos, never with a plan activity as well", () => {
    const bad = (input: object) =>
      fieldErrorsFromZod(startActivitySessionInput.safeParse(input).error!).map((e) => [e.path, e.code]);
    expect(bad({ patientAssessmentId: VIDEO })).toEqual([["referenceVideoId", "FIZ001"]]);
    expect(bad({ referenceVideoId: VIDEO })).toEqual([["referenceVideoId", "FIZ007"]]);
    expect(bad({ planActivityId: VIDEO, patientAssessmentId: OTHER, referenceVideoId: VIDEO })).toEqual([
      ["patientAssessmentId", "FIZ007"],
    ]);
  });
});

const shoulder: RomVideoFacts = {
  id: VIDEO,
  name: "Shoulder abduction",
  mainJoint: "SHOULDER",
  side: "LEFT",
  bodyView: "FRONT",
};
const knee: RomVideoFacts = {
  id: OTHER,
  name: "Knee bend",
  mainJoint: "KNEE",
  side: "RIGHT",
  bodyView: "SIDE",
};

const measured = (range: number, at: string, referenceVideoId = VIDEO): RomSessionFacts => ({
  referenceVideoId,
  completedAt: new Date(at),
  recording: {
    analysisStatus: "COMPLETED",
    failureCode: null,
    joints: [{ joint: "SHOULDER", side: "LEFT", measured: { min: 10, max: 10 + range, range } }],
  },
});

describe("a ROM assessment's result", () => {
  it("follows each movement from not recorded to uploading, analysing, measured or failed", () => {
    const at = new Date("2026-11-01T10:00:00Z");
    const states = (sessions: RomSessionFacts[]) =>
      romMovements([VIDEO, OTHER], [shoulder, knee], sessions).map((m) => m.state);
    expect(states([])).toEqual(["NOT_RECORDED", "NOT_RECORDED"]);
    expect(states([{ referenceVideoId: VIDEO, completedAt: at, recording: null }])).toEqual([
      "UPLOADING",
      "NOT_RECORDED",
    ]);
    const analysing = { analysisStatus: "IN_PROGRESS" as const, failureCode: null, joints: [] };
    expect(states([{ referenceVideoId: OTHER, completedAt: at, recording: analysing }])).toEqual([
      "NOT_RECORDED",
      "ANALYSING",
    ]);
    const failed = { analysisStatus: "FAILED" as const, failureCode: "NO_PERSON", joints: [] };
    const [movement] = romMovements(
      [VIDEO],
      [shoulder],
      [{ referenceVideoId: VIDEO, completedAt: at, recording: failed }],
    );
    expect(movement).toMatchObject({ state: "FAILED", failureCode: "NO_PERSON", joints: [] });
  });

  it("reads the range in degrees from the newest session, and the date it was recorded", () => {
    const [movement] = romMovements(
      [VIDEO],
      [shoulder],
      [measured(120, "2026-11-01T10:00:00Z"), measured(135, "2026-11-02T10:00:00Z")],
    );
    expect(movement).toMatchObject({
      state: "MEASURED",
      measuredAt: new Date("2026-11-02T10:00:00Z"),
      joints: [{ key: "SHOULDER_LEFT", measured: { min: 10, max: 145, range: 135 }, change: null }],
    });
  });

  it("gives no number for a joint the view cannot measure", () => {
    const session: RomSessionFacts = {
      referenceVideoId: VIDEO,
      completedAt: new Date("2026-11-01T10:00:00Z"),
      recording: {
        analysisStatus: "COMPLETED",
        failureCode: null,
        joints: [
          {
            joint: "WRIST",
            side: "LEFT",
            measured: { min: 1, max: 2, range: 1 },
            unmeasurable: "NO_HAND_KEYPOINT",
          },
        ],
      },
    };
    expect(romMovements([VIDEO], [shoulder], [session])[0]?.joints[0]).toMatchObject({
      measured: null,
      unmeasurable: "NO_HAND_KEYPOINT",
    });
  });

  it("may be recorded again only when nothing is measured or being measured", () => {
    expect(fizOf(() => assertRomMovementRecordable("NOT_RECORDED"))).toBeNull();
    expect(fizOf(() => assertRomMovementRecordable("FAILED"))).toBeNull();
    for (const state of ["UPLOADING", "ANALYSING", "MEASURED"] as const)
      expect(fizOf(() => assertRomMovementRecordable(state))).toBe("FIZ302");
  });

  it("is recorded once every movement has a recording on its way or measured", () => {
    const one = romMovements([VIDEO, OTHER], [shoulder, knee], [measured(120, "2026-11-01T10:00:00Z")]);
    expect(romAssessmentRecorded(one)).toBe(false);
    const both = romMovements(
      [VIDEO, OTHER],
      [shoulder, knee],
      [
        measured(120, "2026-11-01T10:00:00Z"),
        { ...measured(90, "2026-11-01T10:05:00Z", OTHER), recording: null },
      ],
    );
    expect(romAssessmentRecorded(both)).toBe(true);
    expect(romAssessmentRecorded([])).toBe(false);
  });

  it("compares each joint with the patient's previous assessment that measured it from the same view", () => {
    const first = {
      assessmentId: "a1",
      movements: romMovements([VIDEO], [shoulder], [measured(100, "2026-10-01T10:00:00Z")]),
    };
    const second = {
      assessmentId: "a2",
      movements: romMovements([VIDEO], [shoulder], [measured(112.5, "2026-10-15T10:00:00Z")]),
    };
    const third = {
      assessmentId: "a3",
      movements: romMovements([VIDEO], [shoulder], [measured(108, "2026-11-01T10:00:00Z")]),
    };
    // Filmed from the side, the same shoulder is another movement (flexion): no change is computed against it.
    const side = {
      assessmentId: "a4",
      movements: romMovements(
        [VIDEO],
        [{ ...shoulder, bodyView: "SIDE" }],
        [measured(150, "2026-10-20T10:00:00Z")],
      ),
    };
    const [a1, a2, a3, a4] = withRomChanges([third, first, side, second]);
    expect(a1?.movements[0]?.joints[0]).toMatchObject({
      previous: { assessmentId: "a2", range: 112.5, measuredAt: new Date("2026-10-15T10:00:00Z") },
      change: -4.5,
    });
    expect(a2?.movements[0]?.joints[0]).toMatchObject({ previous: null, change: null });
    expect(a4?.movements[0]?.joints[0]).toMatchObject({ previous: { assessmentId: "a1" }, change: 12.5 });
    expect(a3?.movements[0]?.joints[0]).toMatchObject({ previous: null, change: null });
  });
});
