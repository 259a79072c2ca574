import { findUserByEmail, listEmails, schema } from "@fizio/db";
import { addDays, EVENT_REMINDER_LEAD_MINUTES, wallClock } from "@fizio/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let provider2: Client;
let admin: Client;
let patient: Client;
let northside: Client;
let northsideAdmin: Client;
let ids: Record<string, string>;

const HOUR = 3_600_000;
const id = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;
/** A whole hour `hours` from now, so events never start in the past or at a :15. */
const at = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);
const nonService = (start: Date, minutes = 60, providerIds = [ids.provider!]) => ({
  eventType: "NON_SERVICE" as const,
  providerIds,
  title: "Team meeting",
  startOn: start,
  endOn: new Date(start.getTime() + minutes * 60_000),
});

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  provider2 = await h.signIn("provider2@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  patient = await h.signIn("patient@fizio.test");
  northside = await h.signIn("provider@northside.test");
  const nsProvider = (await findUserByEmail(h.t.db, "provider@northside.test"))!;
  northsideAdmin = await h.signInOtherOrganizationAdmin();
  ids = {
    provider: await id("provider@fizio.test"),
    provider2: await id("provider2@fizio.test"),
    patient: await id("patient@fizio.test"),
    northside: nsProvider.id,
  };
});

afterAll(() => h.t.drop());

describe("events", () => {
  it("creates a service event for a roster patient and shows it in the range and the list", async () => {
    const start = at(26);
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [ids.provider!],
      patientId: ids.patient,
      serviceCode: "97110",
      startOn: start,
      endOn: new Date(start.getTime() + 45 * 60_000),
    });
    const range = await provider.api.calendar.events.range({ from: at(0), to: at(48) });
    expect(range.find((e) => e.id === eventId)).toMatchObject({
      serviceName: "Therapeutic exercise",
      patientName: expect.any(String),
      status: "SCHEDULED",
    });
    const page = await patient.api.calendar.events.list({ from: at(0), to: at(48), page: 1, pageSize: 10 });
    expect(page.items.map((e) => e.id)).toContain(eventId);
    expect(page.items[0]).not.toHaveProperty("cancelTokenHash");
    // The patient's dashboard shows it as their next appointment.
    const home = await patient.api.dashboard.patient({ timeZone: "America/New_York" });
    expect(home.appointments.map((a) => a.id)).toContain(eventId);
    // Booking emails go to the patient with an invitation.
    const email = (await listEmails(h.t.db)).find(
      (e) => e.to === "patient@fizio.test" && e.subject.includes("Therapeutic exercise"),
    );
    expect(email?.attachments[0]?.content).toContain("BEGIN:VEVENT");
    // A reminder is queued for a day before.
    const [job] = (
      await h.t.db.execute(
        sql`select run_at from graphile_worker.jobs where key = ${`send_event_reminder:${eventId}`}`,
      )
    ).rows as { run_at: Date }[];
    expect(new Date(job!.run_at).getTime()).toBe(start.getTime() - EVENT_REMINDER_LEAD_MINUTES * 60_000);
    await provider.api.calendar.events.setStatus({ eventId, status: "CANCELLED" });
    const left = (
      await h.t.db.execute(
        sql`select 1 from graphile_worker.jobs where key = ${`send_event_reminder:${eventId}`}`,
      )
    ).rows;
    expect(left).toHaveLength(0);
  });

  it("refuses a patient or a service on a non-service event (FIZ067) and a too-short event (FIZ063)", async () => {
    const start = at(30);
    expect(
      (await failure(provider.api.calendar.events.create({ ...nonService(start), patientId: ids.patient })))
        .fiz,
    ).toBe("FIZ067");
    expect(
      (await failure(provider.api.calendar.events.create({ ...nonService(start), serviceCode: "97110" })))
        .fiz,
    ).toBe("FIZ067");
    expect((await failure(provider.api.calendar.events.create(nonService(start, 5)))).fiz).toBe("FIZ063");
  });

  it("keeps a dragged or resized event within the durations of the form (FIZ009, FIZ063), changing nothing", async () => {
    const start = at(34);
    const { id } = await provider.api.calendar.events.create(nonService(start));
    const move = (hours: number) =>
      provider.api.calendar.events.move({
        eventId: id,
        startOn: start,
        endOn: new Date(start.getTime() + hours * HOUR),
      });
    expect((await failure(move(13))).fiz).toBe("FIZ009");
    expect((await failure(move(0.05))).fiz).toBe("FIZ063");
    expect(await provider.api.calendar.events.get({ eventId: id })).toMatchObject({
      startOn: start,
      endOn: new Date(start.getTime() + HOUR),
    });
    await move(12);
  });

  it("never double-books a provider (FIZ213), but a cancelled event frees the time", async () => {
    const start = at(50);
    const first = await provider.api.calendar.events.create(nonService(start));
    expect(
      (
        await failure(
          provider.api.calendar.events.create(nonService(new Date(start.getTime() + 30 * 60_000))),
        )
      ).fiz,
    ).toBe("FIZ213");
    // Touching is fine.
    await provider.api.calendar.events.create(nonService(new Date(start.getTime() + HOUR)));
    // A move onto another event is refused and changes nothing.
    const other = await provider.api.calendar.events.create(nonService(at(53)));
    expect(
      (await failure(provider.api.calendar.events.move({ eventId: other.id, startOn: start, endOn: at(51) })))
        .fiz,
    ).toBe("FIZ213");
    expect((await provider.api.calendar.events.get({ eventId: other.id })).startOn).toEqual(at(53));
    await provider.api.calendar.events.setStatus({ eventId: first.id, status: "CANCELLED" });
    await provider.api.calendar.events.create(nonService(start));
  });

  it("keeps a completed event: no update, no delete (FIZ215), and no completing a future one (FIZ217)", async () => {
    const [row] = await h.t.db
      .insert(schema.events)
      .values({
        organizationId: (await findUserByEmail(h.t.db, "provider@fizio.test"))!.organizationId,
        eventType: "NON_SERVICE",
        startOn: new Date(Date.now() - 2 * HOUR),
        endOn: new Date(Date.now() - HOUR),
      })
      .returning();
    await h.t.db
      .insert(schema.eventProviders)
      .values({ eventId: row!.id, providerId: ids.provider!, startOn: row!.startOn, endOn: row!.endOn });
    await provider.api.calendar.events.setStatus({ eventId: row!.id, status: "ONGOING" });
    await provider.api.calendar.events.setStatus({ eventId: row!.id, status: "COMPLETED" });
    expect(
      (await failure(provider.api.calendar.events.move({ eventId: row!.id, startOn: at(70), endOn: at(71) })))
        .fiz,
    ).toBe("FIZ215");
    expect((await failure(provider.api.calendar.events.delete({ eventId: row!.id }))).fiz).toBe("FIZ215");
    const future = await provider.api.calendar.events.create(nonService(at(80)));
    expect(
      (await failure(provider.api.calendar.events.setStatus({ eventId: future.id, status: "COMPLETED" })))
        .fiz,
    ).toBe("FIZ217");
    expect(
      (await failure(provider.api.calendar.events.setStatus({ eventId: future.id, status: "ONGOING" }))).fiz,
    ).toBe("FIZ218");
    const cancelled = await failure(
      provider.api.calendar.events.setStatus({ eventId: row!.id, status: "CANCELLED" }),
    );
    expect(cancelled.fiz).toBe("FIZ215");
  });
});

describe("calendar permissions", () => {
  it("keeps a provider to their own calendar (FIZ403, FIZ401, FIZ404)", async () => {
    expect(
      (
        await failure(
          provider.api.calendar.events.range({ from: at(0), to: at(24), providerId: ids.provider2 }),
        )
      ).fiz,
    ).toBe("FIZ403");
    expect(
      (await failure(provider.api.calendar.events.create(nonService(at(90), 60, [ids.provider2!])))).fiz,
    ).toBe("FIZ401");
    const theirs = await provider2.api.calendar.events.create(nonService(at(90), 60, [ids.provider2!]));
    expect((await failure(provider.api.calendar.events.get({ eventId: theirs.id }))).fiz).toBe("FIZ404");
    expect(
      (await failure(provider.api.calendar.events.setStatus({ eventId: theirs.id, status: "CANCELLED" })))
        .fiz,
    ).toBe("FIZ404");
    expect((await failure(provider.api.calendar.availability.get({ providerId: ids.provider2 }))).fiz).toBe(
      "FIZ403",
    );
    // A provider cannot book a patient off their roster.
    const marcus = await id("marcus.brown@fizio.test");
    const service = {
      eventType: "SERVICE" as const,
      providerIds: [ids.provider!],
      patientId: marcus,
      serviceCode: "97110",
      startOn: at(95),
      endOn: at(96),
    };
    expect((await failure(provider.api.calendar.events.create(service))).fiz).toBe("FIZ109");
  });

  it("lists events with the same start always in the same order", async () => {
    const made = [
      await admin.api.calendar.events.create(nonService(at(170), 60, [ids.provider!])),
      await admin.api.calendar.events.create(nonService(at(170), 30, [ids.provider2!])),
    ];
    const sameStart = made.map((e) => e.id).sort();
    const range = await admin.api.calendar.events.range({ from: at(160), to: at(184) });
    expect(range.map((e) => e.id).filter((id) => sameStart.includes(id))).toEqual(sameStart);
  });

  it("lets an admin manage every provider of their organisation, and no other (FIZ415)", async () => {
    const made = await admin.api.calendar.events.create(nonService(at(100), 60, [ids.provider2!]));
    const range = await admin.api.calendar.events.range({ from: at(99), to: at(123) });
    expect(range.map((e) => e.id)).toContain(made.id);
    const own = await admin.api.calendar.events.range({
      from: at(99),
      to: at(123),
      providerId: ids.provider,
    });
    expect(own.map((e) => e.id)).not.toContain(made.id);
    expect((await failure(northsideAdmin.api.calendar.events.get({ eventId: made.id }))).fiz).toBe("FIZ415");
    expect((await failure(northsideAdmin.api.calendar.events.delete({ eventId: made.id }))).fiz).toBe(
      "FIZ415",
    );
    expect(
      (
        await failure(
          northsideAdmin.api.calendar.events.range({ from: at(0), to: at(24), providerId: ids.provider }),
        )
      ).fiz,
    ).toBe("FIZ415");
    expect(
      (await failure(northsideAdmin.api.calendar.events.create(nonService(at(110), 60, [ids.provider!]))))
        .fiz,
    ).toBe("FIZ415");
    expect((await failure(northside.api.calendar.events.get({ eventId: made.id }))).fiz).toBe("FIZ415");
    expect((await failure(admin.api.calendar.availability.get({ providerId: ids.northside }))).fiz).toBe(
      "FIZ415",
    );
    const denied = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "access.denied"));
    expect(denied.some((a) => a.entityId === made.id)).toBe(true);
  });

  it("refuses every staff procedure another organisation's id (FIZ415), changing nothing", async () => {
    const made = await admin.api.calendar.events.create(nonService(at(140), 60, [ids.provider!]));
    const event = { eventId: made.id };
    const range = { from: at(0), to: at(24), providerId: ids.provider };
    // Thunks, not promises: each call starts only when awaited, so none rejects unobserved.
    const refusals = [
      () => northsideAdmin.api.calendar.events.range(range),
      () => northsideAdmin.api.calendar.events.list({ ...range, page: 1, pageSize: 10 }),
      () =>
        northsideAdmin.api.calendar.events.list({
          from: at(0),
          to: at(24),
          patientId: ids.patient,
          page: 1,
          pageSize: 10,
        }),
      () => northsideAdmin.api.calendar.events.get(event),
      () =>
        northsideAdmin.api.calendar.events.update({ ...nonService(at(141), 60, [ids.northside!]), ...event }),
      () => northsideAdmin.api.calendar.events.move({ ...event, startOn: at(142), endOn: at(143) }),
      () => northsideAdmin.api.calendar.events.setStatus({ ...event, status: "CANCELLED" }),
      () => northsideAdmin.api.calendar.events.delete(event),
      () => northsideAdmin.api.calendar.events.create(nonService(at(144), 60, [ids.provider!])),
      () => northsideAdmin.api.calendar.availability.get({ providerId: ids.provider }),
      () =>
        northsideAdmin.api.calendar.availability.save({
          providerId: ids.provider,
          enabled: false,
          timeZone: "America/New_York",
          slots: [],
        }),
    ];
    for (const refused of refusals) expect((await failure(refused())).fiz).toBe("FIZ415");
    const stored = await admin.api.calendar.events.get(event);
    expect(stored).toMatchObject({ status: "SCHEDULED", startOn: at(140) });
  });

  it("audits every read and write of events and availability", async () => {
    const actions = async (entityId: string) =>
      (await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId))).map(
        (a) => a.action,
      );
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [ids.provider!],
      patientId: ids.patient,
      serviceCode: "97530",
      startOn: at(150),
      endOn: at(151),
    });
    await provider.api.calendar.events.get({ eventId });
    await provider.api.calendar.events.move({ eventId, startOn: at(152), endOn: at(153) });
    await provider.api.calendar.events.setStatus({ eventId, status: "CANCELLED" });
    await provider.api.calendar.events.delete({ eventId });
    expect(await actions(eventId)).toEqual([
      "calendar.event.create",
      "calendar.event.read",
      "calendar.event.update",
      "calendar.event.status",
      "calendar.event.delete",
    ]);
    // List reads name the events shown, under the patient when narrowed to one.
    await provider.api.calendar.events.list({
      from: at(0),
      to: at(48),
      patientId: ids.patient,
      page: 1,
      pageSize: 5,
    });
    await patient.api.calendar.events.range({ from: at(0), to: at(48) });
    const reads = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, ids.patient!));
    expect(reads.map((r) => r.action)).toEqual(expect.arrayContaining(["calendar.list", "calendar.read"]));
    await provider.api.calendar.availability.save({ enabled: true, timeZone: "America/New_York", slots: [] });
    expect(await actions(ids.provider!)).toContain("calendar.availability.save");
  });

  it("lets a patient read only their own appointments, and change none", async () => {
    const theirs = await provider2.api.calendar.events.create(nonService(at(120), 60, [ids.provider2!]));
    expect((await failure(patient.api.calendar.events.get({ eventId: theirs.id }))).fiz).toBe("FIZ404");
    expect((await failure(patient.api.calendar.events.create(nonService(at(130))))).fiz).toBe("FIZ413");
  });
});

describe("availability and public booking", () => {
  let calendarId: string;
  const zone = "Pacific/Honolulu";
  const days = [0, 1, 2, 3, 4, 5, 6];

  beforeAll(async () => {
    const saved = await provider.api.calendar.availability.save({
      enabled: true,
      timeZone: "America/New_York",
      slots: days.map((d) => ({ dayOfWeek: d, start: "00:00", end: "24:00" })),
    });
    expect(saved.ok).toBe(true);
    calendarId = (await provider.api.calendar.availability.get({})).calendarId;
  });

  it("refuses bad availability and changes nothing (FIZ060, FIZ061, FIZ059, FIZ062)", async () => {
    const base = { enabled: true, timeZone: "America/New_York" };
    const bad = [
      { ...base, slots: [{ dayOfWeek: 1, start: "09:15", end: "12:00" }] },
      { ...base, slots: [{ dayOfWeek: 1, start: "09:00", end: "09:30" }] },
      {
        ...base,
        slots: [
          { dayOfWeek: 1, start: "09:00", end: "12:00" },
          { dayOfWeek: 1, start: "11:00", end: "13:00" },
        ],
      },
      { ...base, timeZone: "Mars/Base", slots: [] },
    ];
    expect(
      await Promise.all(
        bad.map(async (b) => (await failure(provider.api.calendar.availability.save(b))).fiz),
      ),
    ).toEqual(["FIZ060", "FIZ061", "FIZ059", "FIZ062"]);
    expect((await provider.api.calendar.availability.get({})).slots).toHaveLength(7);
  });

  it("shows free slots in the visitor's zone, and refuses other zones (FIZ062) and unknown calendars (FIZ272)", async () => {
    const today = wallClock(new Date(), zone).date;
    const { slots } = await h
      .client()
      .api.calendar.public.slots({ calendarId, timeZone: zone, from: today, to: addDays(today, 2) });
    expect(slots.length).toBeGreaterThan(40);
    expect(slots.every((s) => /:(00|30)$/.test(s.time))).toBe(true);
    expect(slots[0]!.startOn.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(
      (
        await failure(
          h
            .client()
            .api.calendar.public.slots({ calendarId, timeZone: "Europe/Madrid", from: today, to: today }),
        )
      ).fiz,
    ).toBe("FIZ062");
    expect((await failure(h.client().api.calendar.public.calendar({ calendarId: "x".repeat(22) }))).fiz).toBe(
      "FIZ272",
    );
  });

  it("lets exactly one of 20 concurrent bookings of a slot win; the rest get FIZ227", async () => {
    const today = wallClock(new Date(), zone).date;
    const { slots } = await h.client().api.calendar.public.slots({
      calendarId,
      timeZone: zone,
      from: addDays(today, 3),
      to: addDays(today, 3),
    });
    const slot = slots[10]!;
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        h.client().api.calendar.public.book({
          calendarId,
          timeZone: zone,
          startOn: slot.startOn,
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone: "5551234567",
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const codes = await Promise.all(
      attempts.filter((a) => a.status === "rejected").map((a) => failure(Promise.reject(a.reason))),
    );
    expect(new Set(codes.map((c) => c.fiz))).toEqual(new Set(["FIZ227"]));
    const booked = await provider.api.calendar.events.range({
      from: slot.startOn,
      to: new Date(slot.startOn.getTime() + 24 * HOUR),
    });
    expect(
      booked.filter((e) => e.startOn.getTime() === slot.startOn.getTime() && e.eventType === "EXTERNAL"),
    ).toHaveLength(1);
  });

  it("books, emails an invitation with a cancellation link, and cancels through it once", async () => {
    const today = wallClock(new Date(), zone).date;
    const { slots } = await h.client().api.calendar.public.slots({
      calendarId,
      timeZone: zone,
      from: addDays(today, 5),
      to: addDays(today, 5),
    });
    const visitor = h.client();
    const booked = await visitor.api.calendar.public.book({
      calendarId,
      timeZone: zone,
      startOn: slots[4]!.startOn,
      name: "Kai Visitor",
      email: "kai@example.com",
      phone: "8085550100",
      language: "SPANISH",
    });
    const email = (await listEmails(h.t.db)).find((e) => e.to === "kai@example.com");
    expect(email?.subject).toMatch(/^Cita reservada/);
    expect(email?.text).toContain("HST");
    expect(email?.attachments[0]?.content).toContain("METHOD:REQUEST");
    const link = email!.text.match(/cancellation\/([^?\s]+)\?token=([^\s]+)/)!;
    const input = { appointmentId: link[1]!, token: decodeURIComponent(link[2]!) };
    expect(input.appointmentId).toBe(booked.appointmentId);
    expect((await failure(visitor.api.calendar.public.cancel({ ...input, token: "A".repeat(32) }))).fiz).toBe(
      "FIZ201",
    );
    expect((await visitor.api.calendar.public.appointment(input)).cancellable).toBe(true);
    expect((await visitor.api.calendar.public.cancel(input)).status).toBe("CANCELLED");
    const audited = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, booked.appointmentId));
    expect(audited.map((a) => a.action)).toEqual(["calendar.public.book", "calendar.public.cancel"]);
    const cancellation = (await listEmails(h.t.db)).find(
      (e) => e.to === "kai@example.com" && e.subject.startsWith("Cita cancelada"),
    );
    expect(cancellation?.attachments[0]?.content).toContain("METHOD:CANCEL");
    // The slot is free again.
    const again = await h.client().api.calendar.public.slots({
      calendarId,
      timeZone: zone,
      from: addDays(today, 5),
      to: addDays(today, 5),
    });
    expect(again.slots.map((s) => s.startOn.getTime())).toContain(slots[4]!.startOn.getTime());
  });

  it("refuses a :15 start, a taken or unavailable slot, a huge name, and a disabled calendar (FIZ206)", async () => {
    const book = (over: Record<string, unknown>) =>
      h.client().api.calendar.public.book({
        calendarId,
        timeZone: zone,
        startOn: at(30),
        name: "A",
        email: "a@example.com",
        phone: "5551234567",
        ...over,
      } as never);
    expect((await failure(book({ startOn: new Date(at(30).getTime() + 15 * 60_000) }))).fiz).toBe("FIZ060");
    expect((await failure(book({ name: "x".repeat(10 * 1024 * 1024) }))).fiz).toBe("FIZ003");
    expect((await failure(book({ startOn: at(-24) }))).fiz).toBe("FIZ227");
    expect((await failure(book({ calendarId: "nope" }))).fiz).toBe("FIZ272");
    await provider.api.calendar.availability.save({
      enabled: false,
      timeZone: "America/New_York",
      slots: [],
    });
    expect((await failure(book({}))).fiz).toBe("FIZ206");
    expect((await failure(h.client().api.calendar.public.calendar({ calendarId }))).fiz).toBe("FIZ206");
  });
});

describe("reminders and notification preferences", () => {
  it("sends a reminder once, by the channels each party chose, and none for a moved event's old time", async () => {
    await patient.api.profile.notifications.update({
      preferences: [{ event: "APPOINTMENT_REMINDER", emailEnabled: false, textMessageEnabled: true }],
    });
    const start = at(200);
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [ids.provider!],
      patientId: ids.patient,
      serviceCode: "97140",
      startOn: start,
      endOn: at(201),
    });
    const reminders = async () =>
      (await listEmails(h.t.db, 500)).filter((e) => e.subject.startsWith("Reminder: Manual therapy"));
    const texts = async () => h.t.db.select().from(schema.smsOutbox);
    const { sendEventReminder } = await import("../src/calendar/reminder-task");
    await sendEventReminder(h.services, { eventId, startOn: at(150).toISOString() });
    expect(await reminders()).toHaveLength(0);
    await sendEventReminder(h.services, { eventId, startOn: start.toISOString() });
    await sendEventReminder(h.services, { eventId, startOn: start.toISOString() });
    // The provider gets one email; the patient chose a text instead.
    expect((await reminders()).map((e) => e.to)).toEqual(["provider@fizio.test"]);
    expect((await texts()).filter((t) => t.text.includes("Manual therapy"))).toHaveLength(1);
  });
});
