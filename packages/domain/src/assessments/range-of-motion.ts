import { z } from "zod";
import type { BodyView, Joint, Side } from "../analysis/enums";
import type { UnmeasurableReason } from "../analysis/joint-definitions";
import type { MeasuredRange } from "../analysis/result";
import { AppError } from "../errors";
import { jointKey } from "../results/joints";

/**
 * Spec §3 assessment kinds. A PERFORMANCE assessment is a questionnaire; a RANGE_OF_MOTION assessment names
 * ROM reference videos the patient records, and its result is the range each joint reached, in degrees.
 */
export const assessmentKindSchema = z.enum(["RANGE_OF_MOTION", "PERFORMANCE"]);
export type AssessmentKind = z.infer<typeof assessmentKindSchema>;
export const ASSESSMENT_KINDS = assessmentKindSchema.options;

/** Movements one ROM assessment may ask for: a visit's worth, each recorded on its own. */
export const MAX_ROM_MOVEMENTS = 10;

/**
 * Repetitions a patient makes of each ROM movement: enough for the range to be the patient's usual reach
 * (the engine reads it as the 2nd to 98th percentile over the reps), few enough not to tire a sore joint.
 */
export const ROM_MEASUREMENT_REPS = 3;

/** A questionnaire is answered; a ROM assessment is recorded, never sent answers (FIZ413). */
export function assertQuestionnaire(kind: AssessmentKind): void {
  if (kind !== "PERFORMANCE") throw new AppError("FIZ413");
}

/** The intake is a questionnaire every new patient answers at onboarding, so it stays PERFORMANCE (FIZ002). */
export function assertIntakeKind(isIntake: boolean, kind: AssessmentKind): void {
  if (isIntake && kind !== "PERFORMANCE") throw new AppError("FIZ002", {}, { field: "kind" });
}

/** Where one movement of a ROM assessment stands, from its newest recorded session. */
export type RomMovementState = "NOT_RECORDED" | "UPLOADING" | "ANALYSING" | "MEASURED" | "FAILED";

/** A ROM video an assessment names, as stored (its group has one joint: spec §5). */
export interface RomVideoFacts {
  id: string;
  name: string;
  mainJoint: Joint;
  side: Side;
  bodyView: BodyView;
}

/** A completed activity session of the assessment, with its recording's analysis when uploaded. */
export interface RomSessionFacts {
  referenceVideoId: string;
  completedAt: Date;
  recording: {
    analysisStatus: "IN_PROGRESS" | "COMPLETED" | "FAILED";
    failureCode: string | null;
    joints: readonly {
      joint: Joint;
      side: Side;
      measured?: MeasuredRange | null;
      unmeasurable?: UnmeasurableReason | null;
    }[];
  } | null;
}

export interface RomJointMeasurement {
  key: string;
  joint: Joint;
  side: Side;
  /** Degrees; null when the joint was never seen, or cannot be measured from the view (`unmeasurable`). */
  measured: MeasuredRange | null;
  unmeasurable: UnmeasurableReason | null;
  /** The same joint and side, from the same view, in the patient's ROM assessment measured before this one. */
  previous: { assessmentId: string; measuredAt: Date; range: number } | null;
  /** Degrees gained (positive) or lost since `previous`. */
  change: number | null;
}

export interface RomMovement {
  referenceVideoId: string;
  name: string;
  joint: Joint;
  side: Side;
  bodyView: BodyView;
  state: RomMovementState;
  failureCode: string | null;
  /** When the measured session was recorded. */
  measuredAt: Date | null;
  joints: RomJointMeasurement[];
}

function stateOf(session: RomSessionFacts | undefined): RomMovementState {
  if (!session) return "NOT_RECORDED";
  if (!session.recording) return "UPLOADING";
  if (session.recording.analysisStatus === "IN_PROGRESS") return "ANALYSING";
  return session.recording.analysisStatus === "COMPLETED" ? "MEASURED" : "FAILED";
}

/**
 * The assessment's movements in the order it names them, each from its newest completed session: what the
 * patient still has to record, what is being measured, and the range each joint reached.
 */
export function romMovements(
  videoIds: readonly string[],
  videos: readonly RomVideoFacts[],
  sessions: readonly RomSessionFacts[],
): RomMovement[] {
  return videoIds.flatMap((id) => {
    const video = videos.find((v) => v.id === id);
    if (!video) return [];
    const newest = sessions
      .filter((s) => s.referenceVideoId === id)
      .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime())[0];
    const state = stateOf(newest);
    const joints =
      state === "MEASURED" && newest?.recording
        ? newest.recording.joints.map((j) => ({
            key: jointKey(j),
            joint: j.joint,
            side: j.side,
            measured: j.unmeasurable ? null : (j.measured ?? null),
            unmeasurable: j.unmeasurable ?? null,
            previous: null,
            change: null,
          }))
        : [];
    return [
      {
        referenceVideoId: id,
        name: video.name,
        joint: video.mainJoint,
        side: video.side,
        bodyView: video.bodyView,
        state,
        failureCode: state === "FAILED" ? (newest?.recording?.failureCode ?? null) : null,
        measuredAt: state === "MEASURED" ? (newest?.completedAt ?? null) : null,
        joints,
      },
    ];
  });
}

/**
 * A movement may be recorded while it has nothing measured or being measured: not yet, or again after its
 * analysis failed (the patient stood out of view, say). FIZ302 otherwise: another tab recorded it already.
 */
export function assertRomMovementRecordable(state: RomMovementState): void {
  if (state !== "NOT_RECORDED" && state !== "FAILED") throw new AppError("FIZ302");
}

/** The assessment is submitted once every movement has a recording on its way or measured. */
export const romAssessmentRecorded = (movements: readonly RomMovement[]) =>
  movements.length > 0 && movements.every((m) => m.state !== "NOT_RECORDED" && m.state !== "FAILED");

export interface RomAssessmentResult {
  assessmentId: string;
  movements: RomMovement[];
}

/**
 * Each measured joint compared with the same joint, side and camera view in the patient's previous ROM
 * assessment that measured it (by the date measured): the change in range a therapist follows over a plan.
 * `results` are one patient's; the view is part of the key since a shoulder seen from the front (abduction)
 * and from the side (flexion) are different movements.
 */
export function withRomChanges(results: readonly RomAssessmentResult[]): RomAssessmentResult[] {
  const history = results.flatMap((r) =>
    r.movements.flatMap((m) =>
      m.joints.flatMap((j) =>
        j.measured && m.measuredAt
          ? [
              {
                assessmentId: r.assessmentId,
                key: `${j.key}_${m.bodyView}`,
                at: m.measuredAt,
                range: j.measured.range,
              },
            ]
          : [],
      ),
    ),
  );
  return results.map((r) => ({
    ...r,
    movements: r.movements.map((m) => ({
      ...m,
      joints: m.joints.map((j) => {
        if (!j.measured || !m.measuredAt) return j;
        const at = m.measuredAt.getTime();
        const before = history
          .filter(
            (h) =>
              h.key === `${j.key}_${m.bodyView}` && h.assessmentId !== r.assessmentId && h.at.getTime() < at,
          )
          .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
        if (!before) return j;
        return {
          ...j,
          previous: { assessmentId: before.assessmentId, measuredAt: before.at, range: before.range },
          change: Math.round((j.measured.range - before.range) * 10) / 10,
        };
      }),
    })),
  }));
}
