import { findUserByEmail, schema } from "@fizio/db";
import { todayIn, zonedInstant } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLINIC_TIME_ZONE } from "../src";
import { type Client, createHarness, failure, type Harness } from "./harness";

const ZONE = DEFAULT_CLINIC_TIME_ZONE;

let h: Harness;
let admin: Client;
let patient: Client;
let northsideAdmin: Client;
const ids: Record<string, string> = {};

const medicare = {
  planName: "Medicare",
  planId: "1EG4-TE5-MK72",
  group: "",
  cob: "PRIMARY" as const,
  primaryInsured: "SELF" as const,
  primaryDateOfBirth: "1984-05-12",
  effectiveDate: "2025-01-01",
};
const aetna = { ...medicare, planName: "Aetna", planId: "W123456789", cob: "SECONDARY" as const };

/**
 * A visit of today on the clinic's calendar, started within the hour (or at midnight), completed by the admin: it
 * bills the primary plan. Each provider's visits cannot overlap, so each visit is another provider's.
 */
async function billVisit(providerId: string) {
  const start = new Date(Math.max(zonedInstant(todayIn(ZONE), 0, ZONE)!.getTime(), Date.now() - 60 * 60_000));
  start.setSeconds(0, 0);
  const [event] = await h.t.db
    .insert(schema.events)
    .values({
      organizationId: ids.organization!,
      eventType: "SERVICE",
      serviceCode: "97161",
      serviceName: "PT evaluation, low complexity",
      patientId: ids.patient!,
      startOn: start,
      endOn: new Date(start.getTime() + 30 * 60_000),
    })
    .returning();
  await h.t.db
    .insert(schema.eventProviders)
    .values({ eventId: event!.id, providerId, startOn: event!.startOn, endOn: event!.endOn });
  await admin.api.calendar.events.setStatus({ eventId: event!.id, status: "COMPLETED" });
}

async function insuranceRows() {
  const { items } = await admin.api.billing.insurance.list({ search: "Jordan" });
  return items.map((r) => ({
    planId: r.planId,
    planName: r.planName,
    entries: r.entries,
    billedCents: r.billedCents,
    removed: Boolean(r.removedAt),
  }));
}

beforeAll(async () => {
  h = await createHarness();
  // An insured patient with no plan yet (the demo's insured patient already has one, billed).
  const user = (await findUserByEmail(h.t.db, "jordan.lee@fizio.test"))!;
  await h.t.db.update(schema.users).set({ paymentType: "INSURANCE" }).where(eq(schema.users.id, user.id));
  ids.patient = user.id;
  ids.organization = user.organizationId;
  ids.provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  ids.provider2 = (await findUserByEmail(h.t.db, "provider2@fizio.test"))!.id;
  ids.otherPatient = (await findUserByEmail(h.t.db, "marcus.brown@fizio.test"))!.id;
  [admin, patient, northsideAdmin] = await Promise.all([
    h.signIn("admin@fizio.test"),
    h.signIn("jordan.lee@fizio.test"),
    h.signInOtherOrganizationAdmin(),
  ]);
}, 60_000);
afterAll(() => h?.t.drop());

describe("saving health plans", () => {
  it("keeps what was billed to a plan when the plans are saved again (defect 5)", async () => {
    const [primary] = await patient.api.records.healthPlans.save({
      patientId: ids.patient!,
      timeZone: ZONE,
      plans: [medicare],
    });
    await billVisit(ids.provider!);
    await billVisit(ids.provider2!);
    const billed = await insuranceRows();
    expect(billed).toEqual([
      {
        planId: primary!.id,
        planName: "Medicare",
        entries: 2,
        billedCents: expect.any(Number),
        removed: false,
      },
    ]);
    const billedCents = billed[0]!.billedCents;
    expect(billedCents).toBeGreaterThan(0);

    // The form sends the stored plan back with its id and a new secondary without one.
    const saved = await patient.api.records.healthPlans.save({
      patientId: ids.patient!,
      timeZone: ZONE,
      plans: [{ ...medicare, id: primary!.id }, aetna],
    });
    expect(await insuranceRows()).toEqual([
      { planId: primary!.id, planName: "Medicare", entries: 2, billedCents, removed: false },
      { planId: saved[1]!.id, planName: "Aetna", entries: 0, billedCents: 0, removed: false },
    ]);
    expect(saved.map((p) => [p.id === primary!.id, p.planName, p.cob])).toEqual([
      [true, "Medicare", "PRIMARY"],
      [false, "Aetna", "SECONDARY"],
    ]);
    const entries = await h.t.db
      .select({ healthPlanId: schema.billingEntries.healthPlanId })
      .from(schema.billingEntries)
      .where(eq(schema.billingEntries.patientId, ids.patient!));
    expect(entries).toEqual([{ healthPlanId: primary!.id }, { healthPlanId: primary!.id }]);
  });

  it("edits a plan in place and removes one by leaving it out: kept for what was billed, never current again", async () => {
    const [primary, secondary] = await admin.api.records.healthPlans.list({ patientId: ids.patient! });
    // The secondary becomes the primary; Medicare is dropped.
    const saved = await admin.api.records.healthPlans.save({
      patientId: ids.patient!,
      timeZone: ZONE,
      plans: [{ ...aetna, id: secondary!.id, cob: "PRIMARY", group: "G-7" }],
    });
    expect(saved).toEqual([expect.objectContaining({ id: secondary!.id, cob: "PRIMARY", group: "G-7" })]);
    expect(await patient.api.records.healthPlans.list({ patientId: ids.patient! })).toHaveLength(1);
    const rows = await insuranceRows();
    expect(rows).toEqual([
      expect.objectContaining({ planId: secondary!.id, planName: "Aetna", entries: 0, removed: false }),
      expect.objectContaining({ planId: primary!.id, planName: "Medicare", entries: 2, removed: true }),
    ]);
    // A removed plan is not one of the patient's plans any more: a stale form sending it back is refused.
    expect(
      (
        await failure(
          admin.api.records.healthPlans.save({
            patientId: ids.patient!,
            timeZone: ZONE,
            plans: [{ ...medicare, id: primary!.id }],
          }),
        )
      ).fiz,
    ).toBe("FIZ280");
    // A new plan in the order a removed one held is a new row; the removed one keeps its entries.
    const [, again] = await admin.api.records.healthPlans.save({
      patientId: ids.patient!,
      timeZone: ZONE,
      plans: [
        { ...aetna, id: secondary!.id, cob: "PRIMARY" },
        { ...medicare, cob: "SECONDARY" },
      ],
    });
    expect(again).toMatchObject({ planName: "Medicare", cob: "SECONDARY" });
    expect(again!.id).not.toBe(primary!.id);
    expect((await insuranceRows()).filter((r) => r.planId === primary!.id)).toEqual([
      expect.objectContaining({ entries: 2, removed: true }),
    ]);
  });

  it("swaps two plans' orders in one save, and still refuses two current plans in one order (FIZ008)", async () => {
    const [first, second] = await admin.api.records.healthPlans.list({ patientId: ids.patient! });
    const swapped = await admin.api.records.healthPlans.save({
      patientId: ids.patient!,
      timeZone: ZONE,
      plans: [
        { ...medicare, id: second!.id, cob: "PRIMARY" },
        { ...aetna, id: first!.id, cob: "SECONDARY" },
      ],
    });
    expect(swapped.map((p) => [p.id, p.cob])).toEqual([
      [second!.id, "PRIMARY"],
      [first!.id, "SECONDARY"],
    ]);
    expect(
      (
        await failure(
          admin.api.records.healthPlans.save({
            patientId: ids.patient!,
            timeZone: ZONE,
            plans: [
              { ...medicare, id: second!.id },
              { ...aetna, id: first!.id, cob: "PRIMARY" },
            ],
          }),
        )
      ).fiz,
    ).toBe("FIZ008");
  });

  it("refuses another patient's plan id (FIZ280) and another organisation's (FIZ415), changing nothing", async () => {
    const [theirs] = await admin.api.records.healthPlans.save({
      patientId: ids.otherPatient!,
      timeZone: ZONE,
      plans: [medicare],
    });
    const before = await admin.api.records.healthPlans.list({ patientId: ids.patient! });
    const attempt = (plans: object[]) =>
      failure(
        admin.api.records.healthPlans.save({ patientId: ids.patient!, timeZone: ZONE, plans } as never),
      );
    expect((await attempt([{ ...medicare, id: theirs!.id }])).fiz).toBe("FIZ280");
    const northsidePatient = (await findUserByEmail(h.t.db, "patient@northside.test"))!;
    const [northsidePlan] = await northsideAdmin.api.records.healthPlans.save({
      patientId: northsidePatient.id,
      timeZone: ZONE,
      plans: [medicare],
    });
    expect((await attempt([{ ...medicare, id: northsidePlan!.id }])).fiz).toBe("FIZ415");
    expect(await admin.api.records.healthPlans.list({ patientId: ids.patient! })).toEqual(before);
    expect(await admin.api.records.healthPlans.list({ patientId: ids.otherPatient! })).toEqual([theirs]);
    expect(await northsideAdmin.api.records.healthPlans.list({ patientId: northsidePatient.id })).toEqual([
      northsidePlan,
    ]);
  });
});
