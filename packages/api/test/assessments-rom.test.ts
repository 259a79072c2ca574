import { findUserByEmail, schema } from "@fizio/db";
import { type AnalysisResult, todayIn } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/documents/generate";
import { bundleProblems } from "./fhir-validate";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, markProcessed, readyGroup, squat, upload } from "./media";
import { pdfText } from "./pdf-text";

let h: Harness;
let provider: Client;
let patient: Client;
let northside: Client;
let patientId: string;
const v = { shoulder: "", knee: "", exercise: "" };

/** A processed support video of a new ROM group measuring one joint. */
async function romVideo(name: string, joint: "SHOULDER" | "KNEE") {
  const group = await provider.api.videos.groups.create({
    ...squat,
    name,
    type: "ROM",
    joints: [{ joint, tolerance: 10 }],
    direction: "FRONT",
  });
  const video = await upload(
    provider.api,
    { kind: "REFERENCE_VIDEO", fileName: `${name}.mp4`, groupId: group.id, orientation: "PORTRAIT" },
    fileOfParts(1),
  );
  await markProcessed(h, video.id);
  return video.id;
}

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("priya.shah@fizio.test");
  northside = await h.signInOtherOrganizationAdmin();
  patientId = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
  v.shoulder = await romVideo("Shoulder abduction", "SHOULDER");
  v.knee = await romVideo("Knee flexion", "KNEE");
  v.exercise = (await readyGroup(h, provider.api, "Squat")).videoId;
});
afterAll(() => h.t.drop());

const rom = (name: string, romVideoIds: string[]) => ({
  name,
  kind: "RANGE_OF_MOTION" as const,
  questions: [],
  romVideoIds,
});

/** The patient records one movement: a session, its recording uploaded in it, then completed. */
async function record(assessmentId: string, referenceVideoId: string) {
  const session = await patient.api.activitySessions.start({
    patientAssessmentId: assessmentId,
    referenceVideoId,
  });
  const recording = await upload(
    patient.api,
    {
      kind: "RECORDING",
      referenceVideoId,
      activitySessionId: session.id,
      fileName: "rom.webm",
      contentType: "video/webm",
      durationSeconds: 12,
    },
    fileOfParts(1),
  );
  await patient.api.activitySessions.complete({ id: session.id, breaks: [] });
  return { session, recordingId: recording.id };
}

/** What the worker writes once it has measured the recording: the left shoulder from `min` to `max`. */
async function analysed(recordingId: string, min: number, max: number) {
  const result: AnalysisResult = {
    schemaVersion: 1,
    overallAverageError: 4,
    joints: [
      {
        joint: "SHOULDER",
        side: "LEFT",
        measured: { min, max, range: max - min },
        meanAbsError: 4,
        withinTolerance: 0.9,
        tolerance: 10,
        coverage: 1,
        series: [{ t: 0, patient: min, reference: min }],
      },
    ],
    reps: [],
    repCount: 0,
    coverage: 1,
    durationSeconds: 12,
    framesAnalysed: 60,
    modelName: "movenet-lightning@4",
    cvFps: 5,
  };
  await h.t.db
    .update(schema.recordings)
    .set({ analysisStatus: "COMPLETED", analysisResult: result, overallAverageError: 4 })
    .where(eq(schema.recordings.id, recordingId));
}

describe("RANGE_OF_MOTION assessment templates", () => {
  it("name at least one ROM video (FIZ051), each a ROM group's (FIZ051) of the organisation (FIZ415)", async () => {
    expect((await failure(provider.api.templates.assessments.create(rom("Empty", [])))).fiz).toBe("FIZ051");
    expect(
      (await failure(provider.api.templates.assessments.create(rom("Squat ROM", [v.exercise])))).fiz,
    ).toBe("FIZ051");
    expect(await failure(northside.api.templates.assessments.create(rom("Borrowed", [v.shoulder])))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
    const created = await provider.api.templates.assessments.create(
      rom("Shoulder and knee range", [v.shoulder, v.knee]),
    );
    expect(created).toMatchObject({
      kind: "RANGE_OF_MOTION",
      questions: [],
      romVideoIds: [v.shoulder, v.knee],
    });
    const listed = await provider.api.templates.assessments.list({ page: 1, pageSize: 50 });
    expect(listed.items.find((t) => t.id === created.id)).toMatchObject({
      kind: "RANGE_OF_MOTION",
      romVideoCount: 2,
    });
    // Templates written without a kind are questionnaires.
    expect(listed.items.find((t) => t.name === "Pain and function check-in")?.kind).toBe("PERFORMANCE");
  });

  it("keeps the intake a questionnaire (FIZ002)", async () => {
    const superAdmin = await h.signIn("superadmin@fizio.test");
    const intake = (await superAdmin.api.templates.assessments.list({ page: 1, pageSize: 50 })).items.find(
      (t) => t.isIntake,
    )!;
    expect(
      (
        await failure(
          superAdmin.api.templates.assessments.update({ id: intake.id, ...rom(intake.name, [v.shoulder]) }),
        )
      ).fiz,
    ).toBe("FIZ002");
  });
});

describe("a patient records a ROM assessment; both see the range in degrees", () => {
  let template: string;
  let first: string;

  beforeAll(async () => {
    template = (await provider.api.templates.assessments.create(rom("Shoulder range", [v.shoulder]))).id;
  });

  it("is assigned with its movements to record, and refuses answers (FIZ413)", async () => {
    const assigned = await provider.api.assessments.assign({ patientId, templateId: template });
    first = assigned.id;
    expect(assigned).toMatchObject({
      kind: "RANGE_OF_MOTION",
      status: "ASSIGNED",
      movements: [{ referenceVideoId: v.shoulder, name: "Shoulder abduction", state: "NOT_RECORDED" }],
    });
    expect((await failure(patient.api.assessments.submit({ assessmentId: first, answers: {} }))).fiz).toBe(
      "FIZ413",
    );
    const mine = await patient.api.assessments.mine();
    expect(mine.items.find((a) => a.id === first)).toMatchObject({
      kind: "RANGE_OF_MOTION",
      romVideoCount: 1,
    });
  });

  it("records only the movements it names (FIZ107), against the video its session was started for", async () => {
    expect(
      (
        await failure(
          patient.api.activitySessions.start({ patientAssessmentId: first, referenceVideoId: v.knee }),
        )
      ).fiz,
    ).toBe("FIZ107");
    const session = await patient.api.activitySessions.start({
      patientAssessmentId: first,
      referenceVideoId: v.shoulder,
    });
    expect(session.video).toMatchObject({ referenceVideoId: v.shoulder, mainJoint: "SHOULDER" });
    expect(
      (
        await failure(
          patient.api.uploads.start({
            kind: "RECORDING",
            referenceVideoId: v.knee,
            activitySessionId: session.id,
            fileName: "rom.webm",
            contentType: "video/webm",
            size: 2000,
          }),
        )
      ).fiz,
    ).toBe("FIZ107");
  });

  it("is submitted once every movement is recorded, and shows the measured range once analysed", async () => {
    const { recordingId } = await record(first, v.shoulder);
    let seen = await patient.api.assessments.get({ assessmentId: first });
    expect(seen).toMatchObject({ status: "SUBMITTED", movements: [{ state: "ANALYSING", joints: [] }] });
    // Measured or being measured: not recorded twice (FIZ302).
    expect(
      (
        await failure(
          patient.api.activitySessions.start({ patientAssessmentId: first, referenceVideoId: v.shoulder }),
        )
      ).fiz,
    ).toBe("FIZ302");

    await analysed(recordingId, 20, 140);
    seen = await patient.api.assessments.get({ assessmentId: first });
    expect(seen.movements?.[0]).toMatchObject({
      state: "MEASURED",
      measuredAt: expect.any(Date),
      joints: [
        { joint: "SHOULDER", side: "LEFT", measured: { min: 20, max: 140, range: 120 }, change: null },
      ],
    });
    const staffView = await provider.api.assessments.get({ assessmentId: first });
    expect(staffView.movements?.[0]?.joints[0]?.measured).toEqual({ min: 20, max: 140, range: 120 });
    expect(await auditTrail(h, "assessments.")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "assessments.submit", entityId: first }),
        expect.objectContaining({
          action: "assessments.read",
          entityId: first,
          actorEmail: "provider@fizio.test",
        }),
      ]),
    );
  });

  it("shows the provider the change since the previous assessment, in records", async () => {
    const again = await provider.api.assessments.assign({
      patientId,
      templateId: template,
      name: "Shoulder range, week 4",
    });
    const { recordingId } = await record(again.id, v.shoulder);
    await analysed(recordingId, 15, 150);
    const records = await provider.api.records.assessments({ page: 1, pageSize: 20, patientId });
    const later = records.items.find((a) => a.id === again.id);
    expect(later).toMatchObject({ kind: "RANGE_OF_MOTION", status: "SUBMITTED" });
    expect(later?.movements?.[0]?.joints[0]).toMatchObject({
      measured: { range: 135 },
      previous: { assessmentId: first, range: 120 },
      change: 15,
    });
    expect(records.items.find((a) => a.id === first)?.movements?.[0]?.joints[0]?.change).toBeNull();
    expect(records.items.filter((a) => a.kind === "PERFORMANCE").every((a) => a.movements === null)).toBe(
      true,
    );
  });

  it("exports each ROM assessment's measured ranges in the patient's FHIR record", async () => {
    const bundle = await provider.api.records.fhir({ patientId });
    expect(bundleProblems(bundle)).toEqual([]);
    const response = (id: string) =>
      bundle
        .entry!.map((e) => e.resource!)
        .find((r) => r.resourceType === "QuestionnaireResponse" && r.id === id);
    const shoulder = (range: number) => ({
      linkId: v.shoulder,
      text: "Shoulder abduction",
      item: [
        {
          linkId: expect.stringMatching(new RegExp(`^${v.shoulder}/`)),
          text: "Shoulder (left) range of motion",
          answer: [{ valueQuantity: { value: range, unit: "deg", code: "deg" } }],
        },
      ],
    });
    expect(response(first)).toMatchObject({ status: "completed", item: [shoulder(120)] });
    const records = await provider.api.records.assessments({ page: 1, pageSize: 20, patientId });
    const later = records.items.find((a) => a.name === "Shoulder range, week 4")!;
    expect(response(later.id)).toMatchObject({ item: [shoulder(135)] });
  });

  it("prints each ROM assessment's measured ranges in a patient document", async () => {
    const { id } = await provider.api.records.documents.create({
      patientId,
      name: "Range of motion report",
      assessmentIds: [first],
    });
    await generateDocument(h.services, { documentId: id });
    const { url } = await provider.api.records.documents.url({ id });
    const text = await pdfText(new Uint8Array(await (await fetch(url!)).arrayBuffer()));
    expect(text).toContain("Shoulder abduction");
    expect(text).toContain("120° of motion (20° to 140°)");
  });

  it("shows the plan's ROM assessment with its measured range", async () => {
    const plan = await provider.api.plans.create({
      creationMode: "MANUAL",
      patientId: (await findUserByEmail(h.t.db, "jordan.lee@fizio.test"))!.id,
      status: "CURRENT",
      name: "Shoulder mobility",
      sessions: [
        { date: todayIn("UTC"), activities: [{ type: "CUSTOM_TEXT", name: "Walk", description: "Walk" }] },
      ],
      assessmentTemplateIds: [template],
    });
    const given = plan.assessments[0]!;
    expect(given).toMatchObject({ kind: "RANGE_OF_MOTION", movements: [{ state: "NOT_RECORDED" }] });
    const jordan = await h.signIn("jordan.lee@fizio.test");
    const session = await jordan.api.activitySessions.start({
      patientAssessmentId: given.patientAssessmentId!,
      referenceVideoId: v.shoulder,
    });
    await jordan.api.activitySessions.complete({ id: session.id, breaks: [] });
    const read = await provider.api.plans.get({ planId: plan.id });
    expect(read.assessments[0]).toMatchObject({ status: "SUBMITTED", movements: [{ state: "UPLOADING" }] });
  });

  it("refuses another organisation's assessment (FIZ415) and another patient's (FIZ250)", async () => {
    expect(await failure(northside.api.assessments.get({ assessmentId: first }))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
    const other = await h.signIn("patient@fizio.test");
    expect(
      (
        await failure(
          other.api.activitySessions.start({ patientAssessmentId: first, referenceVideoId: v.shoulder }),
        )
      ).fiz,
    ).toBe("FIZ250");
  });
});
