import { findUserByEmail, schema } from "@fizio/db";
import { addDays, todayIn, zonedInstant } from "@fizio/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLINIC_TIME_ZONE, handleStripeWebhook } from "../src";
import { expirePaymentCards } from "../src/billing/expire-cards";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { DECLINED_AMOUNT_CENTS, type StripeFake, startStripeFake } from "./stripe-fake";

const WEBHOOK_SECRET = "whsec_test_secret";
const ZONE = DEFAULT_CLINIC_TIME_ZONE;
const today = () => todayIn(ZONE);

let h: Harness;
let fake: StripeFake;
let admin: Client;
let provider: Client;
let cashPatient: Client;
let northsideAdmin: Client;
const ids: Record<string, string> = {};

const idOf = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;

/** A service event of today on the clinic's calendar, already over (or just started after midnight), completed by an admin. */
async function completeService(patientId: string, providerId: string, serviceCode = "97110", minutes = 45) {
  const dayStart = zonedInstant(today(), 0, ZONE)!.getTime();
  const start = new Date(
    Math.max(dayStart, Math.floor((Date.now() - (minutes + 1) * 60_000) / 60_000) * 60_000),
  );
  const [event] = await h.t.db
    .insert(schema.events)
    .values({
      organizationId: (await findUserByEmail(h.t.db, "provider@fizio.test"))!.organizationId,
      eventType: "SERVICE",
      serviceCode,
      serviceName: "Therapeutic exercise",
      patientId,
      startOn: start,
      endOn: new Date(start.getTime() + minutes * 60_000),
    })
    .returning();
  await h.t.db
    .insert(schema.eventProviders)
    .values({ eventId: event!.id, providerId, startOn: event!.startOn, endOn: event!.endOn });
  await admin.api.calendar.events.setStatus({ eventId: event!.id, status: "ONGOING" });
  await admin.api.calendar.events.setStatus({ eventId: event!.id, status: "COMPLETED" });
  const [entry] = await h.t.db
    .select()
    .from(schema.billingEntries)
    .where(eq(schema.billingEntries.eventId, event!.id));
  return entry!;
}

function signed(payload: object) {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return { body, header };
}

const setupSucceeded = (eventId: string, customer: string, paymentMethod: string) =>
  signed({
    id: eventId,
    object: "event",
    type: "setup_intent.succeeded",
    data: { object: { id: "seti_1", object: "setup_intent", customer, payment_method: paymentMethod } },
  });

beforeAll(async () => {
  fake = await startStripeFake();
  h = await createHarness({
    stripe: {
      secretKey: "sk_test_fake",
      publishableKey: "pk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.apiBase,
    },
  });
  admin = await h.signIn("admin@fizio.test");
  provider = await h.signIn("provider@fizio.test");
  cashPatient = await h.signIn("paciente@fizio.test");
  northsideAdmin = await h.signInOtherOrganizationAdmin();
  ids.provider = await idOf("provider@fizio.test");
  ids.provider2 = await idOf("provider2@fizio.test");
  ids.cash = await idOf("paciente@fizio.test");
  // An insured patient with no plan yet (the demo's insured patient already has one, billed).
  ids.insured = await idOf("jordan.lee@fizio.test");
  await h.t.db.update(schema.users).set({ paymentType: "INSURANCE" }).where(eq(schema.users.id, ids.insured));
  ids.northsidePatient = await idOf("patient@northside.test");
});

afterAll(async () => {
  await h?.t.drop();
  await fake?.stop();
});

describe("prices", () => {
  it("keep the Standard price, whose amount the admin sets, and unique descriptions in $0-$999.99", async () => {
    const [standard] = await admin.api.billing.prices.list();
    expect(standard).toMatchObject({ description: "Standard", standard: true, amountCents: 8500 });
    await admin.api.billing.prices.update({
      priceId: standard!.id,
      description: "Standard",
      amountCents: 9000,
    });
    expect(
      (
        await failure(
          admin.api.billing.prices.update({ priceId: standard!.id, description: "Base", amountCents: 9000 }),
        )
      ).fiz,
    ).toBe("FIZ070");
    expect((await failure(admin.api.billing.prices.delete({ priceId: standard!.id }))).fiz).toBe("FIZ070");

    const senior = await admin.api.billing.prices.create({ description: "Senior", amountCents: 6000 });
    expect(
      (await failure(admin.api.billing.prices.create({ description: " senior ", amountCents: 1 }))).fiz,
    ).toBe("FIZ069");
    expect(
      (await failure(admin.api.billing.prices.create({ description: "standard", amountCents: 1 }))).fiz,
    ).toBe("FIZ069");
    for (const amountCents of [-1, 100_000])
      expect((await failure(admin.api.billing.prices.create({ description: "Odd", amountCents }))).fiz).toBe(
        "FIZ068",
      );
    expect(
      (await failure(provider.api.billing.prices.create({ description: "Mine", amountCents: 1 }))).fiz,
    ).toBe("FIZ413");
    expect(
      (
        await failure(
          northsideAdmin.api.billing.prices.update({ priceId: senior.id, description: "X", amountCents: 1 }),
        )
      ).fiz,
    ).toBe("FIZ415");
    const names = (await admin.api.billing.prices.list()).map((p) => p.description);
    expect(names).toEqual([
      "Standard",
      "Evaluation, moderate complexity",
      "Manual therapy",
      "Neuromuscular re-education",
      "Re-evaluation",
      "Senior",
      "Sliding scale",
      "Therapeutic activities",
    ]);
    expect(await auditTrail(h, "billing.price.")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "billing.price.create", actorEmail: "admin@fizio.test" }),
      ]),
    );
  });
});

describe("fee adjustments", () => {
  it("apply to cash patients from today on, never overlapping; started ones change only their end", async () => {
    const prices = await admin.api.billing.prices.list();
    const sliding = prices.find((p) => p.description === "Sliding scale")!;
    const senior = prices.find((p) => p.description === "Senior")!;
    const insured = { patientId: ids.insured!, priceId: sliding.id, startDate: today() };
    expect((await failure(admin.api.billing.feeAdjustments.create(insured))).fiz).toBe("FIZ028");
    const past = { patientId: ids.cash!, priceId: sliding.id, startDate: addDays(today(), -1) };
    expect((await failure(admin.api.billing.feeAdjustments.create(past))).fiz).toBe("FIZ029");

    const current = await admin.api.billing.feeAdjustments.create({
      patientId: ids.cash!,
      priceId: sliding.id,
      startDate: today(),
      endDate: addDays(today(), 29),
    });
    const overlapping = { patientId: ids.cash!, priceId: senior.id, startDate: addDays(today(), 29) };
    expect((await failure(admin.api.billing.feeAdjustments.create(overlapping))).fiz).toBe("FIZ229");
    const later = await admin.api.billing.feeAdjustments.create({
      ...overlapping,
      startDate: addDays(today(), 30),
    });

    const change = {
      adjustmentId: current.id,
      priceId: sliding.id,
      startDate: today(),
      endDate: addDays(today(), 10),
    };
    await admin.api.billing.feeAdjustments.update(change);
    expect(
      (await failure(admin.api.billing.feeAdjustments.update({ ...change, priceId: senior.id }))).fiz,
    ).toBe("FIZ225");
    expect((await failure(admin.api.billing.feeAdjustments.delete({ adjustmentId: current.id }))).fiz).toBe(
      "FIZ228",
    );
    await admin.api.billing.feeAdjustments.delete({ adjustmentId: later.id });

    const { items } = await provider.api.billing.feeAdjustments.list({ patientId: ids.cash! });
    expect(items).toEqual([expect.objectContaining({ id: current.id, phase: "STARTED", amountCents: 4500 })]);
  });

  it("refuse another organisation's patient (FIZ415) and change nothing", async () => {
    const price = (await northsideAdmin.api.billing.prices.list())[0]!;
    const foreign = { patientId: ids.cash!, priceId: price.id, startDate: today() };
    expect((await failure(northsideAdmin.api.billing.feeAdjustments.create(foreign))).fiz).toBe("FIZ415");
    const { items } = await admin.api.billing.feeAdjustments.list({ patientId: ids.cash! });
    expect(items).toHaveLength(1);
    expect(
      (await failure(northsideAdmin.api.billing.feeAdjustments.delete({ adjustmentId: items[0]!.id }))).fiz,
    ).toBe("FIZ415");
  });
});

describe("billing entries", () => {
  it("bill a completed service to a cash patient at the adjusted price of that day, once", async () => {
    const entry = await completeService(ids.cash!, ids.provider!);
    expect(entry).toMatchObject({
      status: "BILLED",
      payer: "CASH",
      serviceCode: "97110",
      units: 3,
      unitPriceCents: 4500,
      amountCents: 13_500,
    });
    const page = await admin.api.billing.entries.list({ patientId: ids.cash! });
    expect(page.items.map((e) => e.id)).toEqual([entry.id]);
    expect(page).toMatchObject({
      chargedCents: 13_500,
      paidCents: 0,
      balanceCents: 13_500,
      paymentType: "CASH",
    });
  });

  it("keep an insured patient's service without a primary plan as an error (FIZ245) until recomputed", async () => {
    const entry = await completeService(ids.insured!, ids.provider2!, "97161", 60);
    expect(entry).toMatchObject({ status: "ERROR", errorCode: "FIZ245", amountCents: null });
    await admin.api.records.healthPlans.save({
      patientId: ids.insured!,
      timeZone: ZONE,
      plans: [
        {
          planName: "Medicare",
          planId: "1EG4-TE5-MK72",
          group: "",
          cob: "PRIMARY",
          primaryInsured: "SELF",
          primaryDateOfBirth: "1984-05-12",
          effectiveDate: "2025-01-01",
        },
      ],
    });
    const billed = await admin.api.billing.entries.recompute({ entryId: entry.id });
    expect(billed).toMatchObject({
      status: "BILLED",
      payer: "INSURANCE",
      planName: "Medicare",
      units: 1,
      amountCents: 9000,
    });
    expect((await failure(admin.api.billing.entries.recompute({ entryId: entry.id }))).fiz).toBe("FIZ302");
    expect((await failure(northsideAdmin.api.billing.entries.recompute({ entryId: entry.id }))).fiz).toBe(
      "FIZ415",
    );

    // Beside the demo's insured patient's plan and billed visits.
    const insurance = await admin.api.billing.insurance.list({});
    expect(insurance.items).toEqual([
      expect.objectContaining({
        patientId: ids.insured,
        planName: "Medicare",
        entries: 1,
        billedCents: 9000,
      }),
      expect.objectContaining({ planName: "Blue Harbor PPO", entries: 7, billedCents: 7 * 3 * 8500 }),
    ]);
  });

  it("are read by the patient's provider or an admin only, and the read is audited", async () => {
    expect((await failure(northsideAdmin.api.billing.entries.list({ patientId: ids.cash! }))).fiz).toBe(
      "FIZ415",
    );
    expect((await failure(cashPatient.api.billing.entries.list({ patientId: ids.cash! }))).fiz).toBe(
      "FIZ413",
    );
    expect(await auditTrail(h, "billing.entries.read")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorEmail: "admin@fizio.test", entityId: ids.cash }),
      ]),
    );
  });

  it("bill a code with its own price per unit, the Standard price standing in for a code without one", async () => {
    // Each visit below ends now with the same provider: the billed ones give up their place in the calendar.
    const complete = async (code: string, minutes: number) => {
      await h.t.db.delete(schema.eventProviders).where(eq(schema.eventProviders.providerId, ids.provider2!));
      return completeService(ids.insured!, ids.provider2!, code, minutes);
    };
    // The demo prices Therapeutic activities (97530) at $44 per 15 minutes: 38 minutes are 3 units.
    const priced = await complete("97530", 38);
    expect(priced).toMatchObject({ status: "BILLED", units: 3, unitPriceCents: 4400, amountCents: 13_200 });
    // A code is priced once (FIZ294), only a billable SERVICES code (FIZ295), and the Standard price names none.
    const taken = { description: "Activities again", amountCents: 100, serviceCode: "97530" };
    expect(await failure(admin.api.billing.prices.create(taken))).toMatchObject({ fiz: "FIZ294" });
    const unknown = { description: "Unknown code", amountCents: 100, serviceCode: "00000" };
    expect(await failure(admin.api.billing.prices.create(unknown))).toMatchObject({ fiz: "FIZ295" });
    const standard = (await admin.api.billing.prices.list()).find((p) => p.standard)!;
    const coded = { priceId: standard.id, description: "Standard", amountCents: 9000, serviceCode: "97110" };
    expect((await failure(admin.api.billing.prices.update(coded))).fiz).toBe("FIZ070");
    // A price for 97110 from now on bills it per unit; before it, the Standard price did.
    const before = await complete("97110", 23);
    expect(before).toMatchObject({ units: 2, unitPriceCents: 9000, amountCents: 18_000 });
    await admin.api.billing.prices.create({
      description: "Exercise",
      amountCents: 3800,
      serviceCode: "97110",
    });
    const after = await complete("97110", 23);
    expect(after).toMatchObject({ units: 2, unitPriceCents: 3800, amountCents: 7600 });
  });
});

describe("payment cards through Stripe", () => {
  let customerId: string;

  it("start with a SetupIntent and appear once Stripe's signed webhook confirms the card, applied once", async () => {
    const setup = await cashPatient.api.billing.cards.startSetup();
    expect(setup).toMatchObject({
      publishableKey: "pk_test_fake",
      clientSecret: expect.stringMatching(/^seti_/),
    });
    expect((await cashPatient.api.billing.cards.list()).cards).toEqual([]);
    const [customer] = await h.t.db
      .select()
      .from(schema.paymentCustomers)
      .where(eq(schema.paymentCustomers.patientId, ids.cash!));
    customerId = customer!.customerId;

    const pm = fake.addPaymentMethod({ brand: "visa", last4: "4242" });
    const event = setupSucceeded("evt_card_1", customerId, pm);
    const first = await handleStripeWebhook(h.services, event.body, event.header);
    const again = await handleStripeWebhook(h.services, event.body, event.header);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const { cards } = await cashPatient.api.billing.cards.list();
    expect(cards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", primary: true, expired: false }),
    ]);
  });

  it("refuse a webhook whose signature does not match, storing nothing", async () => {
    const pm = fake.addPaymentMethod({ last4: "1111" });
    const event = setupSucceeded("evt_forged", customerId, pm);
    const forged = await handleStripeWebhook(
      h.services,
      event.body.replace("evt_forged", "evt_forgex"),
      event.header,
    );
    expect(forged.status).toBe(400);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: event.body,
      secret: "whsec_other",
    });
    expect((await handleStripeWebhook(h.services, event.body, wrongSecret)).status).toBe(400);
    expect((await handleStripeWebhook(h.services, event.body, undefined)).status).toBe(400);
    expect((await cashPatient.api.billing.cards.list()).cards).toHaveLength(1);
  });

  it("set primary and delete the patient's own cards only", async () => {
    const pm = fake.addPaymentMethod({ brand: "mastercard", last4: "4444" });
    const event = setupSucceeded("evt_card_2", customerId, pm);
    await handleStripeWebhook(h.services, event.body, event.header);
    const { cards } = await cashPatient.api.billing.cards.list();
    const master = cards.find((c) => c.last4 === "4444")!;
    await cashPatient.api.billing.cards.setPrimary({ cardId: master.id });
    expect((await cashPatient.api.billing.cards.list()).cards[0]).toMatchObject({
      id: master.id,
      primary: true,
    });
    const other = await h.signIn("patient@fizio.test");
    expect((await failure(other.api.billing.cards.delete({ cardId: master.id }))).fiz).toBe("FIZ031");
    const northsidePatient = await h.signIn("patient@northside.test");
    expect((await failure(northsidePatient.api.billing.cards.setPrimary({ cardId: master.id }))).fiz).toBe(
      "FIZ415",
    );
    await cashPatient.api.billing.cards.delete({ cardId: master.id });
    expect(fake.calls.some((c) => c.path === `/v1/payment_methods/${pm}/detach`)).toBe(true);
    expect((await cashPatient.api.billing.cards.list()).cards).toEqual([
      expect.objectContaining({ last4: "4242", primary: true }),
    ]);
  });

  it("flag expired cards daily, from the month after on the organisation's calendar", async () => {
    const pm = fake.addPaymentMethod({ last4: "0005", exp_month: 1, exp_year: 2026 });
    const event = setupSucceeded("evt_card_old", customerId, pm);
    await handleStripeWebhook(h.services, event.body, event.header);
    const { logoUrl: _, ...settings } = await admin.api.settings.get();
    await admin.api.settings.update({ ...settings, timeZone: "Pacific/Honolulu" });
    try {
      // 06:00 UTC on 1 February: already February in New York, the server's zone, but 31 January at the clinic.
      expect(await expirePaymentCards(h.services, new Date("2026-02-01T06:00:00Z"))).toBe(0);
      expect(await expirePaymentCards(h.services, new Date("2026-02-01T12:00:00Z"))).toBe(1);
    } finally {
      await admin.api.settings.update(settings);
    }
    const { cards } = await cashPatient.api.billing.cards.list();
    expect(cards.find((c) => c.last4 === "0005")).toMatchObject({ expired: true });
  });
});

describe("transactions", () => {
  it("record cash and card payments within $1-$999.99 and settle the balance", async () => {
    const summary = await admin.api.billing.transactions.patientSummary({ patientId: ids.cash! });
    expect(summary).toMatchObject({ paymentType: "CASH", balanceCents: 13_500, cardsEnabled: true });
    const card = summary.cards.find((c) => c.last4 === "4242")!;

    for (const amountCents of [99, 100_000, -500])
      expect(
        (
          await failure(
            admin.api.billing.transactions.record({ patientId: ids.cash!, amountCents, method: "CASH" }),
          )
        ).fiz,
      ).toBe("FIZ071");
    await admin.api.billing.transactions.record({ patientId: ids.cash!, amountCents: 5000, method: "CASH" });
    const charged = await admin.api.billing.transactions.record({
      patientId: ids.cash!,
      amountCents: 2500,
      method: "CARD",
      cardId: card.id,
    });
    expect(charged).toMatchObject({ status: "SUCCEEDED", paymentIntentId: expect.stringMatching(/^pi_/) });
    const declined = await admin.api.billing.transactions.record({
      patientId: ids.cash!,
      amountCents: DECLINED_AMOUNT_CENTS,
      method: "CARD",
      cardId: card.id,
    });
    expect(declined.status).toBe("FAILED");

    const after = await admin.api.billing.transactions.patientSummary({ patientId: ids.cash! });
    expect(after).toMatchObject({ paidCents: 7500, balanceCents: 6000 });
    expect(await admin.api.billing.transactions.balances()).toEqual([
      expect.objectContaining({ id: ids.cash, chargedCents: 13_500, paidCents: 7500, balanceCents: 6000 }),
    ]);
    expect(await northsideAdmin.api.billing.transactions.balances()).toEqual([]);
    const page = await admin.api.billing.transactions.list({ patientId: ids.cash! });
    expect(page).toMatchObject({ total: 3, paidCents: 7500 });
    const csv = await admin.api.billing.transactions.export({ method: "CARD" });
    expect(csv.rows.map((r) => r.status).sort()).toEqual(["FAILED", "SUCCEEDED"]);
  });

  it("refuse cash from an insured patient, another patient's card and another organisation's patient", async () => {
    const before = await h.t.db.select().from(schema.transactions);
    const refusal = async (
      client: Client,
      input: Parameters<Client["api"]["billing"]["transactions"]["record"]>[0],
    ) => (await failure(client.api.billing.transactions.record(input))).fiz;
    const card = (await cashPatient.api.billing.cards.list()).cards[0]!;
    const cash = { patientId: ids.cash!, amountCents: 500, method: "CASH" as const };
    expect(await refusal(admin, { ...cash, patientId: ids.insured! })).toBe("FIZ030");
    expect(await refusal(admin, { ...cash, patientId: ids.insured!, method: "CARD", cardId: card.id })).toBe(
      "FIZ031",
    );
    expect(await refusal(northsideAdmin, cash)).toBe("FIZ415");
    expect(await refusal(provider, cash)).toBe("FIZ413");
    expect(await h.t.db.select().from(schema.transactions)).toHaveLength(before.length);
    expect(
      (await failure(admin.api.billing.transactions.list({ from: "2025-01-01", to: "2026-06-01" }))).fiz,
    ).toBe("FIZ066");
  });

  it("settle a pending card charge by webhook, once", async () => {
    const [row] = await h.t.db
      .update(schema.transactions)
      .set({ status: "PENDING" })
      .where(and(eq(schema.transactions.method, "CARD"), eq(schema.transactions.status, "SUCCEEDED")))
      .returning();
    const event = signed({
      id: "evt_pi_1",
      object: "event",
      type: "payment_intent.payment_failed",
      data: { object: { id: row!.paymentIntentId, object: "payment_intent" } },
    });
    expect((await handleStripeWebhook(h.services, event.body, event.header)).status).toBe(200);
    const [settled] = await h.t.db
      .select()
      .from(schema.transactions)
      .where(eq(schema.transactions.id, row!.id));
    expect(settled!.status).toBe("FAILED");
  });

  it("never turn a succeeded payment back, whatever order Stripe delivers its events in (defect 9)", async () => {
    const [row] = await h.t.db
      .update(schema.transactions)
      .set({ status: "PENDING" })
      .where(and(eq(schema.transactions.status, "FAILED"), isNotNull(schema.transactions.paymentIntentId)))
      .returning();
    const intent = (type: string, id: string) =>
      signed({
        id,
        object: "event",
        type,
        data: { object: { id: row!.paymentIntentId, object: "payment_intent" } },
      });
    const deliver = async (event: { body: string; header: string }) =>
      expect((await handleStripeWebhook(h.services, event.body, event.header)).status).toBe(200);
    const status = async () =>
      (await h.t.db.select().from(schema.transactions).where(eq(schema.transactions.id, row!.id)))[0]!.status;

    // The retry that went through is delivered before the attempt that failed.
    await deliver(intent("payment_intent.succeeded", "evt_order_ok"));
    await deliver(intent("payment_intent.payment_failed", "evt_order_late_failure"));
    expect(await status()).toBe("SUCCEEDED");

    // In order, a failed attempt is recorded and the retry that follows still settles the payment.
    await h.t.db
      .update(schema.transactions)
      .set({ status: "PENDING" })
      .where(eq(schema.transactions.id, row!.id));
    await deliver(intent("payment_intent.payment_failed", "evt_order_failure"));
    expect(await status()).toBe("FAILED");
    await deliver(intent("payment_intent.succeeded", "evt_order_retry_ok"));
    expect(await status()).toBe("SUCCEEDED");

    // Both at once, on two connections: whichever commits first, the payment ends succeeded.
    for (let round = 0; round < 5; round++) {
      await h.t.db
        .update(schema.transactions)
        .set({ status: "PENDING" })
        .where(eq(schema.transactions.id, row!.id));
      await Promise.all([
        deliver(intent("payment_intent.payment_failed", `evt_race_failure_${round}`)),
        deliver(intent("payment_intent.succeeded", `evt_race_ok_${round}`)),
      ]);
      expect(await status()).toBe("SUCCEEDED");
    }
  });
});

describe("the payment-method gate", () => {
  it("keeps a flagged patient out of the app until they have a card, the server enforcing it (FIZ266)", async () => {
    await h.t.db
      .update(schema.users)
      .set({ enforcePaymentMethod: true })
      .where(eq(schema.users.id, ids.insured!));
    const gated = await h.signIn("jordan.lee@fizio.test");
    expect((await gated.api.auth.me()).user?.enforcePaymentMethod).toBe(true);
    expect((await failure(gated.api.dashboard.patient({ timeZone: "UTC" }))).fiz).toBe("FIZ266");
    const { enabled, cards } = await gated.api.billing.cards.list();
    expect({ enabled, cards }).toEqual({ enabled: true, cards: [] });
    await gated.api.billing.cards.startSetup();
    const [customer] = await h.t.db
      .select()
      .from(schema.paymentCustomers)
      .where(eq(schema.paymentCustomers.patientId, ids.insured!));
    const event = setupSucceeded("evt_gate", customer!.customerId, fake.addPaymentMethod());
    await handleStripeWebhook(h.services, event.body, event.header);
    expect((await gated.api.auth.me()).user?.enforcePaymentMethod).toBe(false);
    await gated.api.dashboard.patient({ timeZone: "UTC" });
  });
});

describe("remote therapeutic monitoring", () => {
  it("counts days of data per 30-day period and bills a finished period's codes once", async () => {
    const patient = (await findUserByEmail(h.t.db, "paciente@fizio.test"))!;
    const [video] = await h.t.db
      .select({ id: schema.referenceVideos.id })
      .from(schema.referenceVideos)
      .limit(1);
    const start = addDays(today(), -40);
    await h.t.db.insert(schema.recordings).values(
      Array.from({ length: 17 }, (_, i) => ({
        organizationId: patient.organizationId,
        patientId: patient.id,
        referenceVideoId: video!.id,
        storageKey: `orgs/${patient.organizationId}/recordings/rtm-${i}/original.webm`,
        uploadStatus: "UPLOADED" as const,
        recordingDate: zonedInstant(addDays(start, i), 12 * 60, ZONE)!,
      })),
    );
    const { periods } = await provider.api.billing.rtm.status({ patientId: patient.id });
    const first = periods.at(-1)!;
    expect(first).toMatchObject({
      start,
      dataDays: 17,
      complete: true,
      // The episode's set-up and education (98975) with its first period of data, and the device supply (98977).
      codes: [
        { code: "98975", units: 1 },
        { code: "98977", units: 1 },
      ],
    });
    expect(
      (await failure(provider.api.billing.rtm.bill({ patientId: patient.id, periodStart: start }))).fiz,
    ).toBe("FIZ413");
    expect(await admin.api.billing.rtm.bill({ patientId: patient.id, periodStart: start })).toEqual({
      created: 2,
    });
    expect(await admin.api.billing.rtm.bill({ patientId: patient.id, periodStart: start })).toEqual({
      created: 0,
    });
    const current = periods[0]!;
    expect(
      (await failure(admin.api.billing.rtm.bill({ patientId: patient.id, periodStart: current.start }))).fiz,
    ).toBe("FIZ413");
    const { items } = await admin.api.billing.entries.list({ patientId: patient.id });
    for (const code of ["98975", "98977"])
      expect(items.find((e) => e.serviceCode === code)).toMatchObject({
        source: "RTM",
        status: "BILLED",
        payer: "CASH",
        minutes: 0,
        serviceDate: first.end,
      });
    expect((await failure(northsideAdmin.api.billing.rtm.status({ patientId: patient.id }))).fiz).toBe(
      "FIZ415",
    );
    // Reviewing a recording counts treatment-management minutes: 14 beats of 90 s are 21 minutes, so 98980.
    const [recording] = await h.t.db
      .select({ id: schema.recordings.id })
      .from(schema.recordings)
      .where(eq(schema.recordings.patientId, patient.id))
      .limit(1);
    for (let beat = 0; beat < 14; beat++)
      await provider.api.billing.rtm.logReview({ recordingId: recording!.id, seconds: 90 });
    expect(
      (await failure(provider.api.billing.rtm.logReview({ recordingId: recording!.id, seconds: 91 }))).fiz,
    ).toBe("FIZ009");
    expect(
      (await failure(admin.api.billing.rtm.logReview({ recordingId: recording!.id, seconds: 30 }))).fiz,
    ).toBe("FIZ413");
    const northsideProvider = await h.signIn("provider@northside.test");
    expect(
      (
        await failure(
          northsideProvider.api.billing.rtm.logReview({ recordingId: recording!.id, seconds: 30 }),
        )
      ).fiz,
    ).toBe("FIZ415");
    const after = await provider.api.billing.rtm.status({ patientId: patient.id });
    expect(after.periods[0]).toMatchObject({ minutes: 21, codes: [{ code: "98980", units: 1 }] });
    // Two days of data in a later period of the same episode earn no second 98975.
    await h.t.db.insert(schema.recordings).values(
      [0, -1].map((offset) => ({
        organizationId: patient.organizationId,
        patientId: patient.id,
        referenceVideoId: video!.id,
        storageKey: `rtm/later-${offset}.webm`,
        uploadStatus: "UPLOADED" as const,
        recordingDate: zonedInstant(addDays(today(), offset), 12 * 60, ZONE)!,
      })),
    );
    const later = await provider.api.billing.rtm.status({ patientId: patient.id });
    expect(later.periods[0]).toMatchObject({ dataDays: 2, codes: [{ code: "98980", units: 1 }] });
    expect(later.periods.at(-1)).toMatchObject({ billedCodes: ["98975", "98977"] });
    expect(await auditTrail(h, "billing.rtm.review")).toHaveLength(1);
    const { patients } = await provider.api.billing.rtm.overview();
    expect(patients.find((p) => p.patientId === patient.id)?.period).toMatchObject({
      complete: false,
      minutes: 21,
    });
    const theirs = await northsideAdmin.api.billing.rtm.overview();
    expect(theirs.patients.map((p) => p.patientId)).not.toContain(patient.id);
  });
});

describe("a patient's billing settings", () => {
  it("are set by an admin of their organisation, audited", async () => {
    const settings = { patientId: ids.cash!, paymentType: "CASH" as const, enforcePaymentMethod: true };
    expect(await admin.api.billing.patientSettings.update(settings)).toEqual({
      paymentType: "CASH",
      enforcePaymentMethod: true,
    });
    expect((await failure(northsideAdmin.api.billing.patientSettings.update(settings))).fiz).toBe("FIZ415");
    expect((await failure(provider.api.billing.patientSettings.update(settings))).fiz).toBe("FIZ413");
    expect(await auditTrail(h, "billing.patient.settings")).toEqual([
      expect.objectContaining({ actorEmail: "admin@fizio.test", entityId: ids.cash }),
    ]);
    await admin.api.billing.patientSettings.update({ ...settings, enforcePaymentMethod: false });
  });

  it("keep a patient with billed services from being deleted (FIZ234)", async () => {
    await admin.api.users.disable({ userId: ids.cash! });
    expect((await failure(admin.api.users.delete({ userId: ids.cash! }))).fiz).toBe("FIZ234");
    await admin.api.users.enable({ userId: ids.cash! });
  });
});

describe("every billing procedure", () => {
  it("refuses another organisation's patient or record (FIZ415)", async () => {
    const [adjustment] = (await admin.api.billing.feeAdjustments.list({ patientId: ids.cash! })).items;
    // Called one at a time: a call made before it is awaited would reject unhandled meanwhile.
    const foreign = [
      () => northsideAdmin.api.billing.transactions.list({ patientId: ids.cash! }),
      () => northsideAdmin.api.billing.transactions.export({ patientId: ids.cash! }),
      () => northsideAdmin.api.billing.transactions.patientSummary({ patientId: ids.cash! }),
      () => northsideAdmin.api.billing.feeAdjustments.list({ patientId: ids.cash! }),
      () =>
        northsideAdmin.api.billing.feeAdjustments.update({
          adjustmentId: adjustment!.id,
          priceId: adjustment!.priceId,
          startDate: adjustment!.startDate,
          endDate: null,
        }),
      () => northsideAdmin.api.billing.rtm.bill({ patientId: ids.cash!, periodStart: today() }),
    ];
    for (const call of foreign) expect((await failure(call())).fiz).toBe("FIZ415");
  });

  it("leaves an audit row for each read and write of a patient's billing", async () => {
    const actions = new Set((await auditTrail(h, "billing.")).map((row) => row.action));
    for (const action of [
      "billing.adjustment.create",
      "billing.adjustment.update",
      "billing.adjustment.delete",
      "billing.adjustments.read",
      "billing.entry.create",
      "billing.entry.recompute",
      "billing.entries.read",
      "billing.transaction.create",
      "billing.transactions.read",
      "billing.transactions.export",
      "billing.patient.read",
      "billing.balances.read",
      "billing.insurance.read",
      "billing.card.setup",
      "billing.card.add",
      "billing.card.primary",
      "billing.card.delete",
      "billing.cards.read",
      "billing.rtm.read",
      "billing.rtm.bill",
      "billing.rtm.overview",
      "billing.rtm.review",
      "billing.patient.settings",
    ])
      expect(actions, action).toContain(action);
  });
});
