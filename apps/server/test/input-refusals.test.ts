import { findUserByEmail, schema } from "@fizio/db";
import { API_MAX_URL_LENGTH, addDays, todayIn } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorDataOf, type HttpHarness, startHttpHarness } from "./http-harness";

let h: HttpHarness;
let calendarId: string;
let providerId: string;
const zone = "America/New_York";

beforeAll(async () => {
  h = await startHttpHarness();
  providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  [{ calendarId }] = (await h.t.db
    .select({ calendarId: schema.providerCalendars.calendarId })
    .from(schema.providerCalendars)
    .where(eq(schema.providerCalendars.providerId, providerId))) as [{ calendarId: string }];
});
afterAll(() => h?.stop());

const booking = (startOn: unknown) => ({
  calendarId,
  timeZone: zone,
  startOn,
  name: "Visitor",
  email: "visitor@example.com",
  phone: "5551234567",
});

const externalEvents = async () =>
  (await h.t.db.select().from(schema.events).where(eq(schema.events.eventType, "EXTERNAL"))).length;

describe("extreme dates never reach Postgres", () => {
  it.each(["-000001-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00.000Z"])(
    "refuses a public booking at %s with FIZ276, signed out",
    async (startOn) => {
      const res = await h.mutation("calendar.public.book", booking(startOn), { raw: true });
      expect(res.status).toBe(400);
      expect(errorDataOf(res)?.fiz).toBe("FIZ276");
    },
  );

  it("refuses an event in year 0 or −1 with FIZ276", async () => {
    const cookie = await h.signIn("provider@fizio.test");
    for (const year of ["0000", "-000001"]) {
      const res = await h.mutation(
        "calendar.events.create",
        {
          eventType: "NON_SERVICE",
          providerIds: [providerId],
          title: "Far past",
          startOn: `${year}-03-01T10:00:00Z`,
          endOn: `${year}-03-01T11:00:00Z`,
        },
        { cookie, raw: true },
      );
      expect(res.status, res.text).toBe(400);
      expect(errorDataOf(res)?.fiz).toBe("FIZ276");
    }
  });
});

describe("a date is a date", () => {
  it("refuses a booking whose start is an array holding a free slot, and books nothing", async () => {
    const today = todayIn(zone, new Date());
    const slots = await h.query("calendar.public.slots", {
      calendarId,
      timeZone: zone,
      from: addDays(today, 7),
      to: addDays(today, 14),
    });
    const slot = (slots.body as { result: { data: { json: { slots: { startOn: string }[] } } } }).result.data
      .json.slots[0]!;
    const before = await externalEvents();

    const res = await h.mutation("calendar.public.book", booking([slot.startOn]), { raw: true });
    expect(res.status, res.text).toBe(400);
    expect(errorDataOf(res)?.fiz).toBe("FIZ017");
    expect(await externalEvents()).toBe(before);

    // The same slot, sent as a date, books.
    expect((await h.mutation("calendar.public.book", booking(slot.startOn), { raw: true })).status).toBe(200);
    expect(await externalEvents()).toBe(before + 1);
  });
});

describe("an input too large for a URL", () => {
  it("answers a 20 kB query input with a tRPC error carrying a FIZ code", async () => {
    const res = await h.query("calendar.public.slots", {
      calendarId: "x".repeat(20_000),
      timeZone: zone,
      from: "2026-01-01",
      to: "2026-01-02",
    });
    expect(res.status).toBe(431);
    expect(errorDataOf(res)).toMatchObject({ fiz: "FIZ003", httpStatus: 431 });
  });

  it("still reads the longest URL the web client sends, from a signed-in browser", async () => {
    const cookie = await h.signIn("provider@fizio.test");
    const url = (pad: number) =>
      `${h.origin}/api/v1/calendar.public.slots?input=${encodeURIComponent(
        JSON.stringify({
          json: { calendarId: "x".repeat(pad), timeZone: zone, from: "2026-01-01", to: "2026-01-02" },
        }),
      )}`;
    const base = url(0).length - h.origin.length;
    const res = await fetch(url(API_MAX_URL_LENGTH - base), {
      headers: { cookie, "user-agent": "u".repeat(300), accept: "*/*", "x-ui-location": "Calendar · Fizio" },
    });
    // Read and refused for what it says (no such calendar id), not for its length.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { json: { data: { fieldErrors: [{ path: "calendarId" }] } } },
    });
  });
});

describe("texts Postgres cannot store", () => {
  const prices = async () => (await h.t.db.select().from(schema.prices)).length;

  it.each([
    ["a NUL", "Home visit\u0000"],
    ["a lone surrogate", "Home visit \ud83d"],
  ])(
    "refuses %s in a mutation's field with FIZ002 at that field, writing nothing",
    async (_name, description) => {
      const cookie = await h.signIn("admin@fizio.test");
      const before = await prices();
      const res = await h.mutation("billing.prices.create", { description, amountCents: 5000 }, { cookie });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        error: { json: { data: { fiz: "FIZ002", fieldErrors: [{ path: "description", code: "FIZ002" }] } } },
      });
      expect(await prices()).toBe(before);
    },
  );

  it("refuses a NUL in a search and in the public error report, signed out", async () => {
    const cookie = await h.signIn("admin@fizio.test");
    const search = await h.query("users.list", { search: "ana\u0000" }, { cookie });
    expect(search.status, search.text).toBe(400);
    expect(errorDataOf(search)?.fiz).toBe("FIZ002");
    const report = await h.mutation("audit.reportClientError", {
      message: "boom\u0000",
      path: "/",
      kind: "UNHANDLED",
    });
    expect(report.status, report.text).toBe(400);
    expect(errorDataOf(report)?.fiz).toBe("FIZ002");
  });
});

describe("what this deployment does not offer", () => {
  it("refuses to start adding a card where cards are off (no Stripe) with FIZ413, not a 500", async () => {
    const cookie = await h.signIn("patient@fizio.test");
    const res = await h.mutation("billing.cards.startSetup", undefined, { cookie });
    expect(res.status, res.text).toBe(403);
    expect(errorDataOf(res)?.fiz).toBe("FIZ413");
  });
});
