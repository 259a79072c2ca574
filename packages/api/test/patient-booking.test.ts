import { findUserByEmail, schema } from "@fizio/db";
import { addDays, wallClock } from "@fizio/domain";
import { fizMessage } from "@fizio/i18n";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { parseIcs } from "./ics";

let h: Harness;
let patient: Client;
let provider: Client;
let admin: Client;
let providerId: string;
let provider2Id: string;
let foreignProviderId: string;
const zone = "America/New_York";
const MINUTE = 60_000;

beforeAll(async () => {
  h = await createHarness();
  patient = await h.signIn("patient@fizio.test");
  provider = await h.signIn("provider@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  provider2Id = (await findUserByEmail(h.t.db, "provider2@fizio.test"))!.id;
  foreignProviderId = (await findUserByEmail(h.t.db, "provider@northside.test"))!.id;
  // Weekdays and weekends alike, 9 to 5 Eastern: every test finds slots whatever day it runs.
  await provider.api.calendar.availability.save({
    enabled: false,
    timeZone: zone,
    slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, start: "09:00", end: "17:00" })),
  });
}, 60_000);

afterAll(() => h.t.drop());

const dayAhead = (days: number) => addDays(wallClock(new Date(), zone).date, days);

async function slotsOn(days: number) {
  const day = dayAhead(days);
  return (await patient.api.calendar.booking.slots({ providerId, timeZone: zone, from: day, to: day })).slots;
}

describe("a patient booking a video visit with their own provider", () => {
  it("lists their own provider, the visit's length and the organisation's notice", async () => {
    const answer = await patient.api.calendar.booking.providers();
    expect(answer.providers).toEqual([{ id: providerId, name: "Sam Rivera, DPT", specialty: "Orthopedics" }]);
    expect(answer.durationMinutes).toBe(30);
    expect(answer.changeNoticeMinutes).toBe(24 * 60);
  });

  it("offers the provider's availability as half-hour slots, and books one inside it (even with public bookings off)", async () => {
    const slots = await slotsOn(3);
    expect(slots.map((s) => s.time)).toContain("09:00");
    expect(slots.map((s) => s.time)).not.toContain("17:00");
    const booked = await patient.api.calendar.booking.book({
      providerId,
      timeZone: zone,
      startOn: slots[0]!.startOn,
    });
    expect(booked.endOn.getTime() - booked.startOn.getTime()).toBe(30 * MINUTE);
    // Gone from the free slots, on the patient's calendar and the provider's, as a video visit.
    expect((await slotsOn(3)).map((s) => s.startOn.getTime())).not.toContain(booked.startOn.getTime());
    const range = { from: new Date(Date.now()), to: new Date(Date.now() + 7 * 24 * 60 * MINUTE) };
    const mine = await patient.api.calendar.events.range(range);
    const event = mine.find((e) => e.id === booked.id)!;
    expect(event).toMatchObject({ eventType: "SERVICE", video: true, status: "SCHEDULED" });
    expect((await provider.api.calendar.events.range(range)).map((e) => e.id)).toContain(booked.id);
    // The same email and invitation as any booking, for the patient and the provider, with the video link.
    for (const to of ["patient@fizio.test", "provider@fizio.test"]) {
      const email = (await h.lastEmailTo(to))!;
      expect(email.subject).toMatch(/booked/i);
      const ics = parseIcs(email.attachments[0]!.content);
      expect(ics.one("UID").value).toContain(booked.id);
      expect(email.text).toMatch(/\/invitations\//);
    }
    const trail = await auditTrail(h, "calendar.patient.book");
    expect(trail.at(-1)).toMatchObject({ actorEmail: "patient@fizio.test", entityId: booked.id });
  });

  it("refuses a time outside the availability, or taken, with FIZ227", async () => {
    const day = dayAhead(4);
    const at = (hhmm: string) => new Date(`${day}T${hhmm}:00-05:00`);
    const outside = at("07:00");
    const book = (startOn: Date) =>
      patient.api.calendar.booking.book({ providerId, timeZone: zone, startOn });
    expect((await failure(book(outside))).fiz).toBe("FIZ227");
    // Within the next hour (the booking lead) and past the horizon alike.
    expect((await failure(book(new Date(Math.ceil(Date.now() / 1800_000) * 1800_000)))).fiz).toBe("FIZ227");
    const far = new Date(`${dayAhead(90)}T15:00:00Z`);
    expect((await failure(book(far))).fiz).toBe("FIZ227");
    const first = (await slotsOn(4))[0]!.startOn;
    await book(first);
    expect((await failure(book(first))).fiz).toBe("FIZ227");
    // Not on the half hour.
    expect((await failure(book(new Date(first.getTime() + 10 * MINUTE)))).fiz).toBe("FIZ060");
  });

  it("refuses another organisation's provider (FIZ415) and a provider of the organisation who is not theirs (FIZ403)", async () => {
    const day = dayAhead(5);
    const startOn = (await slotsOn(5))[0]!.startOn;
    for (const id of [foreignProviderId]) {
      expect(
        (
          await failure(
            patient.api.calendar.booking.slots({ providerId: id, timeZone: zone, from: day, to: day }),
          )
        ).fiz,
      ).toBe("FIZ415");
      expect(
        (await failure(patient.api.calendar.booking.book({ providerId: id, timeZone: zone, startOn }))).fiz,
      ).toBe("FIZ415");
    }
    expect(
      (await failure(patient.api.calendar.booking.book({ providerId: provider2Id, timeZone: zone, startOn })))
        .fiz,
    ).toBe("FIZ403");
    // Staff do not book through the patient's procedures.
    expect((await failure(admin.api.calendar.booking.providers())).code).toBe("FORBIDDEN");
  });
});

describe("a patient changing their visit", () => {
  it("reschedules and cancels outside the notice, with emails and audit rows", async () => {
    const [first, second] = await slotsOn(6);
    const booked = await patient.api.calendar.booking.book({
      providerId,
      timeZone: zone,
      startOn: first!.startOn,
    });
    const moved = await patient.api.calendar.booking.reschedule({
      eventId: booked.id,
      timeZone: zone,
      startOn: second!.startOn,
    });
    expect(moved.startOn).toEqual(second!.startOn);
    expect((await h.lastEmailTo("provider@fizio.test"))!.subject).toMatch(/changed/i);
    // Moving by half an hour into its own old time is allowed: the visit does not stand in its own way.
    await patient.api.calendar.booking.reschedule({
      eventId: booked.id,
      timeZone: zone,
      startOn: first!.startOn,
    });
    expect((await patient.api.calendar.booking.cancel({ eventId: booked.id })).status).toBe("CANCELLED");
    expect((await h.lastEmailTo("patient@fizio.test"))!.subject).toMatch(/cancel/i);
    const actions = (await auditTrail(h, "calendar.patient.")).filter((r) => r.entityId === booked.id);
    expect(actions.map((r) => r.action)).toEqual([
      "calendar.patient.book",
      "calendar.patient.reschedule",
      "calendar.patient.reschedule",
      "calendar.patient.cancel",
    ]);
    // Once cancelled it stays so.
    expect((await failure(patient.api.calendar.booking.cancel({ eventId: booked.id }))).fiz).toBe("FIZ214");
  });

  it("is refused inside the organisation's notice (FIZ268), and follows the admin's setting", async () => {
    const tomorrow = (await slotsOn(1)).at(-1)!.startOn;
    const booked = await patient.api.calendar.booking.book({ providerId, timeZone: zone, startOn: tomorrow });
    const inHours = (booked.startOn.getTime() - Date.now()) / (60 * MINUTE);
    const settings = await admin.api.settings.get();
    // A notice longer than the time left: refused, with its message in both languages.
    await admin.api.settings.update({ ...settings, patientChangeNoticeMinutes: Math.ceil(inHours + 1) * 60 });
    expect((await failure(patient.api.calendar.booking.cancel({ eventId: booked.id }))).fiz).toBe("FIZ268");
    const later = (await slotsOn(7))[0]!.startOn;
    expect(
      (
        await failure(
          patient.api.calendar.booking.reschedule({ eventId: booked.id, timeZone: zone, startOn: later }),
        )
      ).fiz,
    ).toBe("FIZ268");
    expect(fizMessage("FIZ268", "en")).toMatch(/too soon to change/);
    expect(fizMessage("FIZ268", "es")).toMatch(/ya no se puede cambiar/);
    await admin.api.settings.update({ ...settings, patientChangeNoticeMinutes: 0 });
    expect((await patient.api.calendar.booking.cancel({ eventId: booked.id })).status).toBe("CANCELLED");
    await admin.api.settings.update(settings);
  });

  it("leaves visits the clinic booked, and other patients' visits, alone", async () => {
    const startOn = (await slotsOn(8))[0]!.startOn;
    const patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
    const made = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [providerId],
      patientId,
      serviceCode: (
        await h.t.db.select().from(schema.codes).where(eq(schema.codes.kind, "SERVICES")).limit(1)
      )[0]!.code,
      video: true,
      startOn,
      endOn: new Date(startOn.getTime() + 30 * MINUTE),
    });
    expect((await failure(patient.api.calendar.booking.cancel({ eventId: made.id }))).fiz).toBe("FIZ413");
    const other = await h.signIn("paciente@fizio.test");
    const mine = await patient.api.calendar.booking.book({
      providerId,
      timeZone: zone,
      startOn: (await slotsOn(8))[0]!.startOn,
    });
    expect((await failure(other.api.calendar.booking.cancel({ eventId: mine.id }))).fiz).toBe("FIZ404");
    const northside = await h.signIn("patient@northside.test");
    expect((await failure(northside.api.calendar.booking.cancel({ eventId: mine.id }))).fiz).toBe("FIZ415");
  });
});
