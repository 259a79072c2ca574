import { todayIn } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_REFERENCE_FILE,
  findCurrentPlan,
  findDemoVideosAwaitingFile,
  findIntakeTemplate,
  findOrganizationByName,
  findReferenceVideo,
  findUserByEmail,
  getPlanContent,
  insertPlan,
  listOwnAssessments,
  listPlans,
  seedDemo,
  setPlanStatus,
} from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, async (p) => `hashed:${p}`);
});
afterAll(() => t.drop());

const constraintOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return (error as { cause?: { constraint?: string } }).cause?.constraint;
  }
  return "no error";
};

describe("treatment content seed", () => {
  it("gives the demo organisation an intake template and the other none", async () => {
    const demo = await findOrganizationByName(t.db, "Fizio Demo Clinic");
    const other = await findOrganizationByName(t.db, "Northside Rehab");
    const intake = await findIntakeTemplate(t.db, demo!.id);
    expect(intake?.name).toBe("Intake assessment");
    expect(new Set(intake!.questions.map((q) => q.type))).toEqual(
      new Set(["FREE_TEXT", "SINGLE_SELECT", "MULTI_SELECT", "NUMBER", "DATE"]),
    );
    expect(await findIntakeTemplate(t.db, other!.id)).toBeUndefined();
  });

  it("gives patient@fizio.test a current plan with today's session and the plan's assessments", async () => {
    const patient = await findUserByEmail(t.db, "patient@fizio.test");
    const plan = await findCurrentPlan(t.db, patient!.id);
    expect(plan).toMatchObject({ status: "CURRENT", creationMode: "GENERATION" });
    const content = await getPlanContent(t.db, plan!.id);
    expect(content.sessions[0]!.date).toBe(todayIn("UTC"));
    expect(content.sessions[0]!.activities.map((a) => a.type)).toEqual([
      "CUSTOM_TEXT",
      "TEXT",
      "IMAGE",
      "TEXT",
      "VIDEO",
    ]);
    const curls = content.sessions[0]!.activities.at(-1)!;
    expect(curls).toMatchObject({ name: "Elbow curls", reps: 5, sets: 2 });
    const video = await findReferenceVideo(t.db, curls.referenceVideoId!);
    expect(video).toMatchObject({
      fileName: DEMO_REFERENCE_FILE,
      uploadStatus: "UPLOADING",
      mainJoint: "ELBOW",
    });
    // The same clip is the exercise's video and the ROM assessment's.
    const awaiting = await findDemoVideosAwaitingFile(t.db);
    expect(awaiting).toHaveLength(2);
    expect(awaiting).toContainEqual({ id: video!.id, storageKey: video!.storageKey });
    expect(content.assessments.every((a) => a.patientAssessmentId && a.status === "ASSIGNED")).toBe(true);
    const mine = await listOwnAssessments(t.db, patient!.id);
    // The plan's two beside the answered intake and home exercise check of the demo's eight weeks.
    expect(mine.map((a) => a.name).sort()).toEqual([
      "Home exercise check",
      "Intake assessment",
      "Knee function questionnaire (Knee rehab: phase 1)",
      "Pain and function check-in (Knee rehab: phase 1)",
    ]);
  });
});

describe("plan constraints", () => {
  it("keeps one current plan and unique plan names per patient", async () => {
    const patient = await findUserByEmail(t.db, "patient@fizio.test");
    const current = await findCurrentPlan(t.db, patient!.id);
    const content = await getPlanContent(t.db, current!.id);
    const copy = {
      sessions: content.sessions.map((s) => ({ date: s.date, activities: s.activities })),
      assessmentTemplateIds: content.assessments.map((a) => a.assessmentTemplateId),
    };
    const values = { ...current!, id: undefined, createdAt: undefined, updatedAt: undefined };
    expect(await constraintOf(insertPlan(t.db, { ...values, name: "Second" }, copy))).toBe(
      "treatment_plans_one_current",
    );
    expect(
      await constraintOf(insertPlan(t.db, { ...values, status: "DRAFT", name: "KNEE REHAB: phase 1" }, copy)),
    ).toBe("treatment_plans_patient_name_unique");
    const draft = await insertPlan(t.db, { ...values, status: "DRAFT", name: "Later" }, copy);
    expect(await setPlanStatus(t.db, draft.id, "CURRENT", "COMPLETED")).toBeUndefined();
    expect((await setPlanStatus(t.db, draft.id, "DRAFT", "CANCELLED"))?.status).toBe("CANCELLED");
  });

  it("lists plans for a roster with patient names and session dates", async () => {
    const provider = await findUserByEmail(t.db, "provider@fizio.test");
    const page = await listPlans(
      t.db,
      { organizationId: provider!.organizationId, providerId: provider!.id },
      { page: 1, pageSize: 10, search: "morgan" },
    );
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ patientLastName: "Morgan", name: "Later" });
    const other = await findUserByEmail(t.db, "provider2@fizio.test");
    const none = await listPlans(
      t.db,
      { organizationId: other!.organizationId, providerId: other!.id },
      { page: 1, pageSize: 10 },
    );
    expect(none.total).toBe(0);
  });
});
