import { findUserByEmail, findUserById, schema } from "@fizio/db";
import { todayIn } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

/**
 * History is never unlinked by an edit or a delete (issue 46): what the record names (a plan's activities, a card,
 * a template) is kept or the change refused, and the delete paths that remain (expunge, a plan never worked on)
 * still work. Health plans have their own file.
 */

let h: Harness;
let admin: Client;
let provider: Client;
let patient: Client;
const ids: Record<string, string> = {};

const idOf = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;

beforeAll(async () => {
  h = await createHarness();
  ids.patient = await idOf("patient@fizio.test");
  ids.cash = await idOf("paciente@fizio.test");
  ids.organization = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.organizationId;
  [admin, provider, patient] = await Promise.all([
    h.signIn("admin@fizio.test"),
    h.signIn("provider@fizio.test"),
    h.signIn("patient@fizio.test"),
  ]);
}, 60_000);
afterAll(() => h?.t.drop());

describe("a treatment plan the patient worked on", () => {
  it("is ended, never deleted (FIZ278): its activity sessions keep their activity", async () => {
    const todo = await patient.api.todo.today({ timeZone: "UTC" });
    const planId = todo.plan!.id;
    const activity = todo.activities.find((a) => a.type === "CUSTOM_TEXT")!;
    const session = await patient.api.activitySessions.start({
      planActivityId: activity.id,
      timeZone: "UTC",
    });
    // Done pressed: the patient worked on the plan.
    await patient.api.activitySessions.complete({ id: session.id });

    expect(await failure(provider.api.plans.delete({ planId }))).toEqual({ fiz: "FIZ278", code: "CONFLICT" });
    const [kept] = await h.t.db
      .select({ planActivityId: schema.activitySessions.planActivityId })
      .from(schema.activitySessions)
      .where(eq(schema.activitySessions.id, session.id));
    expect(kept).toEqual({ planActivityId: activity.id });
    expect(await provider.api.plans.get({ planId })).toMatchObject({ id: planId, status: "CURRENT" });
    await provider.api.plans.transition({ planId, status: "TERMINATED" });
    expect((await failure(provider.api.plans.delete({ planId }))).fiz).toBe("FIZ278");

    // A plan nobody worked on still goes, with its sessions and activities.
    const draft = await provider.api.plans.create({
      creationMode: "MANUAL",
      patientId: ids.patient!,
      name: "Not started",
      status: "DRAFT",
      stage: "TREATMENT",
      sessions: [
        { date: todayIn("UTC"), activities: [{ type: "CUSTOM_TEXT", name: "Walk", description: "10 min" }] },
      ],
      assessmentTemplateIds: (await provider.api.plans.get({ planId })).assessments.map(
        (a) => a.assessmentTemplateId,
      ),
    });
    await provider.api.plans.delete({ planId: draft.id });
    expect((await failure(provider.api.plans.get({ planId: draft.id }))).fiz).toBe("FIZ121");

    // Nor does a live plan whose activity the patient only opened and closed: that recorded nothing.
    const opened = await provider.api.plans.create({
      creationMode: "MANUAL",
      patientId: ids.patient!,
      name: "Only opened",
      status: "CURRENT",
      stage: "TREATMENT",
      sessions: [
        { date: todayIn("UTC"), activities: [{ type: "CUSTOM_TEXT", name: "Walk", description: "10 min" }] },
      ],
      assessmentTemplateIds: (await provider.api.plans.get({ planId })).assessments.map(
        (a) => a.assessmentTemplateId,
      ),
    });
    await patient.api.activitySessions.start({
      planActivityId: opened.sessions[0]!.activities[0]!.id,
      timeZone: "UTC",
    });
    await provider.api.plans.delete({ planId: opened.id });
    expect((await failure(provider.api.plans.get({ planId: opened.id }))).fiz).toBe("FIZ121");
  });
});

describe("a removed payment card", () => {
  it("still names the transactions charged to it, and can no longer be charged (FIZ031)", async () => {
    const [card] = await h.t.db
      .insert(schema.paymentCards)
      .values({
        organizationId: ids.organization!,
        patientId: ids.cash!,
        paymentMethodId: "pm_history_4242",
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2030,
        primary: true,
      })
      .returning();
    const [charge] = await h.t.db
      .insert(schema.transactions)
      .values({
        organizationId: ids.organization!,
        patientId: ids.cash!,
        amountCents: 2500,
        method: "CARD",
        status: "SUCCEEDED",
        cardId: card!.id,
        paymentIntentId: "pi_history_1",
      })
      .returning();
    const cashPatient = await h.signIn("paciente@fizio.test");
    await cashPatient.api.billing.cards.delete({ cardId: card!.id });

    expect((await cashPatient.api.billing.cards.list()).cards).toEqual([]);
    const { items } = await admin.api.billing.transactions.list({ patientId: ids.cash! });
    expect(items.find((t) => t.id === charge!.id)).toMatchObject({ cardBrand: "visa", cardLast4: "4242" });
    expect(
      (
        await failure(
          admin.api.billing.transactions.record({
            patientId: ids.cash!,
            amountCents: 1000,
            method: "CARD",
            cardId: card!.id,
          }),
        )
      ).fiz,
    ).toBe("FIZ031");
    expect((await failure(cashPatient.api.billing.cards.delete({ cardId: card!.id }))).fiz).toBe("FIZ002");
  });
});

describe("a deleted engagement template", () => {
  it("stays named by the programs enrolled from it, and its name is free again", async () => {
    const messages = [{ startDay: 3, bodyEn: "How is the knee today?", bodyEs: "" }];
    const { id: templateId } = await provider.api.engagement.templates.create({
      name: "Check-ins",
      messages,
    });
    const { id: programId } = await provider.api.engagement.programs.enroll({
      patientId: ids.patient!,
      templateId,
      name: "Check-ins for Alex",
      startDate: todayIn("America/New_York"),
      timeZone: "America/New_York",
    });
    await provider.api.engagement.templates.delete({ id: templateId });

    const [program] = await h.t.db
      .select({ templateId: schema.engagementPrograms.templateId })
      .from(schema.engagementPrograms)
      .where(eq(schema.engagementPrograms.id, programId));
    expect(program).toEqual({ templateId });
    expect((await failure(provider.api.engagement.templates.get({ id: templateId }))).fiz).toBe("FIZ116");
    expect((await provider.api.engagement.templates.list({})).items.map((t) => t.id)).not.toContain(
      templateId,
    );
    await provider.api.engagement.templates.create({ name: "check-ins", messages });
  });
});

describe("deleting a patient for good", () => {
  it("takes their plans, cards and price agreements when nothing was billed or recorded", async () => {
    const email = "gone.soon@fizio.test";
    const userId = await h.addUser("patient@fizio.test", {
      role: "ROLE_PATIENT",
      email,
      firstName: "Gone",
      lastName: "Soon",
      paymentType: "CASH",
      providerId: await idOf("provider@fizio.test"),
    });
    await admin.api.records.healthPlans.save({
      patientId: userId,
      plans: [
        {
          planName: "Aetna",
          planId: "W1",
          group: "",
          cob: "PRIMARY",
          primaryInsured: "SELF",
          primaryDateOfBirth: "1980-01-01",
          effectiveDate: "2025-01-01",
        },
      ],
    });
    const [price] = await admin.api.billing.prices.list();
    await admin.api.billing.feeAdjustments.create({
      patientId: userId,
      priceId: price!.id,
      startDate: todayIn("America/New_York"),
    });
    await h.t.db.insert(schema.paymentCards).values({
      organizationId: ids.organization!,
      patientId: userId,
      paymentMethodId: "pm_gone_soon",
      brand: "visa",
      last4: "1111",
      expMonth: 1,
      expYear: 2031,
    });
    await admin.api.users.disable({ userId });
    await admin.api.users.delete({ userId });
    await admin.api.users.expunge({ userId, listRole: "ROLE_PATIENT" });
    expect(await findUserById(h.t.db, userId)).toBeUndefined();
  });

  it("is refused by the database itself while anything billed names them", async () => {
    const [entry] = await h.t.db
      .insert(schema.billingEntries)
      .values({
        organizationId: ids.organization!,
        patientId: ids.cash!,
        source: "EVENT",
        serviceCode: "97110",
        serviceName: "Therapeutic exercise",
        serviceDate: todayIn("UTC"),
        status: "BILLED",
        amountCents: 4500,
      })
      .returning();
    const error = await h.t.db
      .delete(schema.users)
      .where(eq(schema.users.id, ids.cash!))
      .then(() => undefined)
      .catch((e: unknown) => e as { cause?: { code?: string } });
    expect(error?.cause?.code).toBe("23503");
    const [still] = await h.t.db
      .select({ id: schema.billingEntries.id })
      .from(schema.billingEntries)
      .where(eq(schema.billingEntries.id, entry!.id));
    expect(still).toEqual({ id: entry!.id });
  });
});

describe("review time", () => {
  it("is logged only on a recording that arrived (FIZ120): an upload never completed is deleted", async () => {
    const uploading = await insertUploadedRecording(h.t.db, "patient@fizio.test");
    await h.t.db
      .update(schema.recordings)
      .set({ uploadStatus: "UPLOADING" })
      .where(eq(schema.recordings.id, uploading.id));
    expect(
      (await failure(provider.api.billing.rtm.logReview({ recordingId: uploading.id, seconds: 30 }))).fiz,
    ).toBe("FIZ120");
  });
});
