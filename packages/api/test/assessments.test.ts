import { findUserByEmail, schema, updateUser } from "@fizio/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersFor } from "./answers";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let admin: Client;
let superAdmin: Client;
let intakeId: string;

const id = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;
const painScale = { text: "Pain from 0 to 10", type: "NUMBER" as const, min: 0, max: 10 };
const side = { text: "Which side?", type: "SINGLE_SELECT" as const, choices: ["Left", "Right", "Both"] };

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  superAdmin = await h.signIn("superadmin@fizio.test");
  const list = await admin.api.templates.assessments.list({ page: 1, pageSize: 20 });
  intakeId = list.items.find((t) => t.isIntake)!.id;
});
afterAll(() => h.t.drop());

describe("assessment templates", () => {
  it("needs questions and answer choices (FIZ043, FIZ044)", async () => {
    expect(
      (await failure(provider.api.templates.assessments.create({ name: "Empty", questions: [] }))).fiz,
    ).toBe("FIZ043");
    expect(
      (
        await failure(
          provider.api.templates.assessments.create({
            name: "No choices",
            questions: [{ text: "Which side?", type: "MULTI_SELECT", choices: [] }],
          }),
        )
      ).fiz,
    ).toBe("FIZ044");
  });

  it("keeps names unique (FIZ045) and the intake's name reserved (FIZ046)", async () => {
    const created = await provider.api.templates.assessments.create({
      name: "Shoulder check",
      questions: [side],
    });
    expect(created.questions[0]).toMatchObject({ ...side, required: true, id: expect.any(String) });
    expect(
      (
        await failure(
          provider.api.templates.assessments.create({ name: "SHOULDER check", questions: [side] }),
        )
      ).fiz,
    ).toBe("FIZ045");
    expect(
      (
        await failure(
          provider.api.templates.assessments.create({ name: "intake assessment", questions: [side] }),
        )
      ).fiz,
    ).toBe("FIZ046");
    expect(
      (
        await failure(
          provider.api.templates.assessments.update({
            ...created,
            name: "Intake Assessment",
            questions: [side],
          }),
        )
      ).fiz,
    ).toBe("FIZ046");
  });

  it("lets only a super admin update the intake, and nobody rename or delete it (FIZ405-407)", async () => {
    const intake = await admin.api.templates.assessments.get({ id: intakeId });
    const edited = { ...intake, questions: [...intake.questions, painScale] };
    expect(await failure(admin.api.templates.assessments.update(edited))).toEqual({
      fiz: "FIZ407",
      code: "FORBIDDEN",
    });
    expect((await failure(provider.api.templates.assessments.update(edited))).fiz).toBe("FIZ407");
    const updated = await superAdmin.api.templates.assessments.update(edited);
    expect(updated.questions).toHaveLength(intake.questions.length + 1);
    expect(updated.questions.slice(0, -1).map((q) => q.id)).toEqual(intake.questions.map((q) => q.id));
    expect(
      (await failure(superAdmin.api.templates.assessments.update({ ...edited, name: "Welcome" }))).fiz,
    ).toBe("FIZ406");
    expect((await failure(admin.api.templates.assessments.delete({ id: intakeId }))).fiz).toBe("FIZ405");
    expect((await failure(superAdmin.api.templates.assessments.delete({ id: intakeId }))).fiz).toBe("FIZ405");
    const log = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, intakeId));
    expect(log.map((a) => a.action)).toEqual(["templates.assessment.update"]);
  });
});

describe("assessments given to patients", () => {
  it("assigns to a patient on the roster only, with unique names per patient", async () => {
    const jordan = await id("jordan.lee@fizio.test");
    const template = await provider.api.templates.assessments.create({
      name: "Ankle check",
      questions: [side, painScale, { text: "Anything else?", type: "FREE_TEXT", required: false }],
    });
    const assigned = await provider.api.assessments.assign({ patientId: jordan, templateId: template.id });
    expect(assigned).toMatchObject({ name: "Ankle check", status: "ASSIGNED", answers: null });
    expect(
      (await failure(provider.api.assessments.assign({ patientId: jordan, templateId: template.id }))).fiz,
    ).toBe("FIZ047");
    await provider.api.assessments.assign({
      patientId: jordan,
      templateId: template.id,
      name: "Ankle check 2",
    });
    expect(
      (
        await failure(
          provider.api.assessments.assign({
            patientId: await id("marcus.brown@fizio.test"),
            templateId: template.id,
          }),
        )
      ).fiz,
    ).toBe("FIZ109");
    expect(
      (
        await failure(
          provider.api.assessments.assign({
            patientId: await id("patient@northside.test"),
            templateId: template.id,
          }),
        )
      ).fiz,
    ).toBe("FIZ415");
    expect(
      (await failure(provider.api.assessments.assign({ patientId: jordan, templateId: intakeId }))).fiz,
    ).toBe("FIZ046");
    expect(
      (await failure(admin.api.assessments.assign({ patientId: jordan, templateId: template.id }))).fiz,
    ).toBe("FIZ413");
  });

  it("lets the patient answer once, each answer checked against its question", async () => {
    const patient = await h.signIn("jordan.lee@fizio.test");
    const { items } = await patient.api.assessments.mine();
    const ankle = items.find((a) => a.name === "Ankle check")!;
    expect(ankle).toMatchObject({ status: "ASSIGNED", questionCount: 3 });
    const full = await patient.api.assessments.get({ assessmentId: ankle.id });
    const [sideQ, painQ] = full.questions;

    expect(
      (
        await failure(
          patient.api.assessments.submit({ assessmentId: ankle.id, answers: { [sideQ!.id]: "Left" } }),
        )
      ).fiz,
    ).toBe("FIZ044");
    expect(
      (
        await failure(
          patient.api.assessments.submit({
            assessmentId: ankle.id,
            answers: { [sideQ!.id]: "Up", [painQ!.id]: 3 },
          }),
        )
      ).fiz,
    ).toBe("FIZ002");
    expect(
      (
        await failure(
          patient.api.assessments.submit({
            assessmentId: ankle.id,
            answers: { [sideQ!.id]: "Left", [painQ!.id]: 12 },
          }),
        )
      ).fiz,
    ).toBe("FIZ009");

    const submitted = await patient.api.assessments.submit({
      assessmentId: ankle.id,
      answers: { [sideQ!.id]: "Left", [painQ!.id]: 4 },
    });
    expect(submitted).toMatchObject({
      status: "SUBMITTED",
      answers: { [sideQ!.id]: "Left", [painQ!.id]: 4 },
    });
    expect(submitted.submittedAt).toBeInstanceOf(Date);
    expect(
      await failure(
        patient.api.assessments.submit({
          assessmentId: ankle.id,
          answers: { [sideQ!.id]: "Right", [painQ!.id]: 1 },
        }),
      ),
    ).toEqual({ fiz: "FIZ302", code: "CONFLICT" });
    expect((await patient.api.assessments.get({ assessmentId: ankle.id })).answers).toEqual(
      submitted.answers,
    );

    const other = await h.signIn("patient@fizio.test");
    expect((await failure(other.api.assessments.get({ assessmentId: ankle.id }))).fiz).toBe("FIZ250");
    expect((await failure(other.api.assessments.submit({ assessmentId: ankle.id, answers: {} }))).fiz).toBe(
      "FIZ250",
    );
    expect((await provider.api.assessments.get({ assessmentId: ankle.id })).status).toBe("SUBMITTED");
    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.assessments.get({ assessmentId: ankle.id }))).fiz).toBe("FIZ415");
  });

  it("lists assessment records for the roster or the organisation", async () => {
    const marcus = await id("marcus.brown@fizio.test");
    const other = await h.signIn("provider2@fizio.test");
    const template = (await other.api.templates.assessments.list({ page: 1, pageSize: 5, search: "Ankle" }))
      .items[0]!;
    await other.api.assessments.assign({ patientId: marcus, templateId: template.id });

    const roster = await provider.api.records.assessments({ page: 1, pageSize: 50 });
    expect(roster.items.some((a) => a.patientId === marcus)).toBe(false);
    const org = await admin.api.records.assessments({ page: 1, pageSize: 50 });
    expect(org.total).toBe(roster.total + 1);
    const submitted = await provider.api.records.assessments({ page: 1, pageSize: 50, status: "SUBMITTED" });
    // Newest first: this test's, then the demo's answered intakes and home exercise check.
    expect(submitted.items.map((a) => [a.name, a.patientLastName])).toEqual([
      ["Ankle check", "Lee"],
      ["Intake assessment", "Fernández"],
      ["Home exercise check", "Morgan"],
      ["Intake assessment", "Morgan"],
    ]);
    const page = await admin.api.records.assessments({ page: 2, pageSize: 2, search: "ankle" });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.items).toHaveLength(1);
    expect(
      (await failure(provider.api.records.assessments({ page: 1, pageSize: 5, patientId: marcus }))).fiz,
    ).toBe("FIZ109");
  });
});

describe("onboarding with the intake assessment", () => {
  const form = {
    firstName: "Rosa",
    lastName: "Diaz",
    email: "rosa.diaz@example.com",
    confirmEmail: "rosa.diaz@example.com",
    password: "Rosa#2026x",
    confirmPassword: "Rosa#2026x",
    dateOfBirth: "1985-06-01",
    preferredLanguage: "ENGLISH" as const,
  };

  it("stores the intake answers as the patient's submitted intake assessment", async () => {
    const c = h.client();
    await c.api.auth.register(form);
    await c.api.terms.accept({ version: "2026-01", readToEnd: true });
    const { template } = await c.api.onboarding.intake();
    expect(template).toMatchObject({ id: intakeId, name: "Intake assessment" });
    expect(new Set(template!.questions.map((q) => q.type))).toEqual(
      new Set(["FREE_TEXT", "SINGLE_SELECT", "MULTI_SELECT", "NUMBER", "DATE"]),
    );

    expect((await failure(c.api.onboarding.complete())).fiz).toBe("FIZ044");
    const answers = answersFor(template!.questions);
    const required = template!.questions.find((q) => q.required)!;
    expect(
      (await failure(c.api.onboarding.complete({ answers: { ...answers, [required.id]: null } }))).fiz,
    ).toBe("FIZ044");
    expect((await failure(c.api.assessments.mine())).fiz).toBe("FIZ411");

    const done = await c.api.onboarding.complete({ answers });
    expect(done.user.onboardingCompleted).toBe(true);
    const [intake] = (await c.api.assessments.mine()).items;
    expect(intake).toMatchObject({ name: "Intake assessment", isIntake: true, status: "SUBMITTED" });
    const stored = await c.api.assessments.get({ assessmentId: intake!.id });
    expect(stored.answers).toMatchObject({ [required.id]: answers[required.id] });
    expect((await c.api.onboarding.complete({ answers })).user.onboardingCompleted).toBe(true);
  });

  it("needs no answers where the organisation has no intake template", async () => {
    const olivia = await id("patient@northside.test");
    await updateUser(h.t.db, olivia, { onboardingCompleted: false });
    const c = await h.signIn("patient@northside.test");
    expect((await c.api.onboarding.intake()).template).toBeNull();
    expect((await c.api.onboarding.complete()).user.onboardingCompleted).toBe(true);
    expect((await c.api.assessments.mine()).items).toEqual([]);
  });
});
