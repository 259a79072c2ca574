import { findUserByEmail, schema } from "@fizio/db";
import { addDays, US_TIME_ZONE_IDS, wallClock } from "@fizio/domain";
import { fizMessage } from "@fizio/i18n";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { type IcsEvent, type IcsProperty, parseIcs, utcInstant } from "./ics";

let h: Harness;
let provider: Client;
let provider2: Client;
let admin: Client;
let calendarId: string;
/** The visitors' zone: the slots' dates are read in it. */
const zone = "America/Chicago";
const MINUTE = 60_000;
const PLACE = "Main clinic · Fizio Demo Clinic";
const PROVIDER = "Sam Rivera, DPT";
let visitors = 0;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  provider2 = await h.signIn("provider2@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  await provider.api.calendar.availability.save({
    enabled: true,
    timeZone: "America/New_York",
    slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, start: "00:00", end: "24:00" })),
  });
  calendarId = (await provider.api.calendar.availability.get({})).calendarId;
}, 60_000);

afterAll(() => h.t.drop());

/** The nth free start `days` days ahead (each test books its own day, so none meets another's booking). */
async function freeStart(days: number, nth = 0): Promise<Date> {
  const day = addDays(wallClock(new Date(), zone).date, days);
  const { slots } = await h
    .client()
    .api.calendar.public.slots({ calendarId, timeZone: zone, from: day, to: day });
  return slots[nth]!.startOn;
}

/** A visitor books the nth free start `days` days ahead under a name and email of their own. */
async function book(days: number, language: "ENGLISH" | "SPANISH" = "ENGLISH", nth = 0) {
  visitors += 1;
  const visitor = {
    name: `Kai Visitor ${visitors}`,
    email: `kai${visitors}@example.com`,
    phone: "8085550100",
  };
  const startOn = await freeStart(days, nth);
  const booked = await h
    .client()
    .api.calendar.public.book({ calendarId, timeZone: zone, startOn, language, ...visitor });
  return { ...visitor, ...booked };
}

async function emailTo(to: string) {
  const email = await h.lastEmailTo(to);
  if (!email) throw new Error(`no email to ${to}`);
  return { ...email, ics: parseIcs(email.attachments[0]!.content) };
}

/** A calendar address with its scheme in one case: RFC 3986 URI schemes are case-insensitive. */
const address = (p: IcsProperty) => p.value.replace(/^mailto:/i, "mailto:");
const attendees = (ics: IcsEvent) => ics.all("ATTENDEE").map(address);
const organizer = (ics: IcsEvent) => address(ics.one("ORGANIZER"));
const sequence = (ics: IcsEvent) => Number(ics.one("SEQUENCE").value);

describe("an unknown or inactive booking link", () => {
  it("answers FIZ272, with its own message in English and Spanish, on every public calendar procedure", async () => {
    const api = h.client().api.calendar.public;
    const today = wallClock(new Date(), zone).date;
    for (const id of ["x".repeat(22), "nope"]) {
      const startOn = await freeStart(1);
      const calls = [
        () => api.calendar({ calendarId: id }),
        () => api.slots({ calendarId: id, timeZone: zone, from: today, to: today }),
        () =>
          api.book({
            calendarId: id,
            timeZone: zone,
            startOn,
            name: "A",
            email: "a@example.com",
            phone: "5551234567",
          }),
      ];
      for (const call of calls) expect((await failure(call())).fiz).toBe("FIZ272");
    }
    // A well-formed link nobody holds is "not found", not a server error.
    expect((await failure(api.calendar({ calendarId: "x".repeat(22) }))).code).toBe("NOT_FOUND");
    expect(fizMessage("FIZ272", "en")).toBe("This booking link is not valid or no longer active");
    expect(fizMessage("FIZ272", "es")).toBe("Este enlace de reserva no es válido o ya no está activo");
  });

  it("answers FIZ272 for a disabled or deleted provider's link, and still FIZ206 when they switched bookings off", async () => {
    await provider2.api.calendar.availability.save({ enabled: true, timeZone: "America/Denver", slots: [] });
    const own = (await provider2.api.calendar.availability.get({})).calendarId;
    const open = () => h.client().api.calendar.public.calendar({ calendarId: own });
    expect((await open()).providerName).toBe("Maya Chen, PT");
    const maya = (await findUserByEmail(h.t.db, "provider2@fizio.test"))!;
    const set = (change: Partial<typeof schema.users.$inferInsert>) =>
      h.t.db.update(schema.users).set(change).where(eq(schema.users.id, maya.id));
    await set({ disabled: true });
    expect((await failure(open())).fiz).toBe("FIZ272");
    await set({ disabled: false, deletedAt: new Date() });
    expect((await failure(open())).fiz).toBe("FIZ272");
    await set({ deletedAt: null });
    await provider2.api.calendar.availability.save({ enabled: false, timeZone: "America/Denver", slots: [] });
    expect((await failure(open())).fiz).toBe("FIZ206");
  });
});

describe("the clinic's contact details", () => {
  it("show on the booking page and sign the visitor's email once the admin gave them", async () => {
    const page = () => h.client().api.calendar.public.calendar({ calendarId });
    expect((await page()).clinic).toEqual({ name: "Fizio Demo Clinic", address: "", phone: "", email: "" });
    const settings = await admin.api.settings.get();
    const { logoUrl: _, ...values } = settings;
    await admin.api.settings.update({
      ...values,
      clinicName: "Riverside Physical Therapy",
      clinicAddress: "12 Main St\nSpringfield, IL 62701",
      clinicPhone: "(555) 010-2030",
      clinicEmail: "desk@riverside.example",
    });
    try {
      expect((await page()).clinic).toEqual({
        name: "Riverside Physical Therapy",
        address: "12 Main St\nSpringfield, IL 62701",
        phone: "(555) 010-2030",
        email: "desk@riverside.example",
      });
      const visitor = await book(9);
      const email = await emailTo(visitor.email);
      expect(email.text).toContain(
        "--\nRiverside Physical Therapy\n12 Main St, Springfield, IL 62701\n(555) 010-2030 · desk@riverside.example",
      );
      expect(email.html).toContain("Riverside Physical Therapy<br>");
    } finally {
      await admin.api.settings.update(values);
    }
  });
});

describe("the visitor's email and invitation", () => {
  it.each([
    ["ENGLISH", "Appointment booked", "Appointment with", "Where"],
    ["SPANISH", "Cita reservada", "Cita con", "Dónde"],
  ] as const)(
    "names the provider, clinic and place, never the visitor's own name (%s)",
    async (language, booked, title, where) => {
      const visitor = await book(2, language, language === "ENGLISH" ? 0 : 2);
      const email = await emailTo(visitor.email);
      expect(email.subject).toBe(`${booked}: ${PROVIDER} · Fizio Demo Clinic`);
      expect(email.text).toContain(`${where}: ${PLACE}`);
      expect(`${email.subject}\n${email.ics.one("SUMMARY").value}`).not.toContain(visitor.name);

      const ics = email.ics;
      expect(ics.method).toBe("REQUEST");
      expect(ics.one("UID").value).toBe(`${visitor.appointmentId}@fizio`);
      expect(ics.one("SUMMARY").value).toBe(`${title} ${PROVIDER} · Fizio Demo Clinic`);
      expect(ics.one("LOCATION").value).toBe(PLACE);
      expect(ics.one("STATUS").value).toBe("CONFIRMED");
      expect(utcInstant(ics.one("DTSTART"))).toEqual(visitor.startOn);
      expect(utcInstant(ics.one("DTEND"))).toEqual(new Date(visitor.startOn.getTime() + 30 * MINUTE));
      // RFC 5546 §3.2.2: a REQUEST names its organizer and its attendees; the visitor's copy names them alone.
      expect(organizer(ics)).toBe("mailto:provider@fizio.test");
      expect(ics.one("ORGANIZER").params.CN).toBe("Sam Rivera");
      expect(attendees(ics)).toEqual([`mailto:${visitor.email}`]);
      expect(ics.one("ATTENDEE").params).toMatchObject({ CN: visitor.name, PARTSTAT: "ACCEPTED" });
    },
  );

  it("keeps one UID through a move and a cancellation, each with a higher SEQUENCE, the last as METHOD:CANCEL", async () => {
    const visitor = await book(3);
    const booked = await emailTo(visitor.email);
    const first = booked.ics;
    const [, appointmentId, token] = booked.text.match(/cancellation\/([^?\s]+)\?token=([^\s]+)/)!;
    const movedTo = new Date(visitor.startOn.getTime() + 2 * 60 * MINUTE);
    await provider.api.calendar.events.move({
      eventId: visitor.appointmentId,
      startOn: movedTo,
      endOn: new Date(movedTo.getTime() + 30 * MINUTE),
    });
    const changed = await emailTo(visitor.email);
    expect(changed.subject).toBe(`Appointment changed: ${PROVIDER} · Fizio Demo Clinic`);
    expect(changed.ics.method).toBe("REQUEST");
    expect(utcInstant(changed.ics.one("DTSTART"))).toEqual(movedTo);

    await h.client().api.calendar.public.cancel({
      appointmentId: appointmentId!,
      token: decodeURIComponent(token!),
    });
    const cancelled = (await emailTo(visitor.email)).ics;
    const providerCopy = (await emailTo("provider@fizio.test")).ics;

    for (const ics of [changed.ics, cancelled, providerCopy])
      expect(ics.one("UID").value).toBe(first.one("UID").value);
    expect(sequence(changed.ics)).toBeGreaterThan(sequence(first));
    expect(sequence(cancelled)).toBeGreaterThan(sequence(changed.ics));
    expect(sequence(providerCopy)).toBe(sequence(cancelled));
    for (const ics of [cancelled, providerCopy]) {
      expect(ics.method).toBe("CANCEL");
      expect(ics.one("STATUS").value).toBe("CANCELLED");
      expect(organizer(ics)).toBe("mailto:provider@fizio.test");
      expect(attendees(ics)).toContain(`mailto:${visitor.email}`);
    }
  });

  it("sends a CANCEL with a higher SEQUENCE when the provider deletes the booking", async () => {
    const visitor = await book(4);
    const first = (await emailTo(visitor.email)).ics;
    await provider.api.calendar.events.delete({ eventId: visitor.appointmentId });
    const email = await emailTo(visitor.email);
    expect(email.subject).toBe(`Appointment canceled: ${PROVIDER} · Fizio Demo Clinic`);
    expect(email.ics.method).toBe("CANCEL");
    expect(email.ics.one("UID").value).toBe(first.one("UID").value);
    expect(sequence(email.ics)).toBeGreaterThan(sequence(first));
  });
});

describe("the provider's email and invitation", () => {
  it.each([
    ["ENGLISH", "Appointment booked", "Visitor", "Email", "Phone", "Where"],
    ["SPANISH", "Cita reservada", "Visitante", "Correo electrónico", "Teléfono", "Dónde"],
  ] as const)(
    "carries the visitor's name, email and phone, and the visitor as an attendee (%s)",
    async (language, booked, visitorLabel, emailLabel, phoneLabel, where) => {
      await h.t.db
        .update(schema.users)
        .set({ preferredLanguage: language })
        .where(eq(schema.users.email, "provider@fizio.test"));
      const visitor = await book(5, "ENGLISH", language === "ENGLISH" ? 0 : 2);
      const email = await emailTo("provider@fizio.test");
      expect(email.subject).toBe(`${booked}: ${visitor.name}`);
      for (const line of [
        `${visitorLabel}: ${visitor.name}`,
        `${emailLabel}: ${visitor.email}`,
        `${phoneLabel}: 808-555-0100`,
        `${where}: ${PLACE}`,
      ])
        expect(email.text).toContain(line);
      expect(email.html).toContain(`href="mailto:${visitor.email}"`);
      expect(email.html).toContain('href="tel:8085550100"');

      const ics = email.ics;
      expect(ics.method).toBe("REQUEST");
      expect(organizer(ics)).toBe("mailto:provider@fizio.test");
      expect(attendees(ics).sort()).toEqual([`mailto:${visitor.email}`, "mailto:provider@fizio.test"].sort());
      expect(ics.all("ATTENDEE").find((a) => address(a) === `mailto:${visitor.email}`)?.params.CN).toBe(
        visitor.name,
      );
      expect(ics.one("DESCRIPTION").value).toContain("808-555-0100");
      expect(ics.one("LOCATION").value).toBe(PLACE);
      await h.t.db
        .update(schema.users)
        .set({ preferredLanguage: "ENGLISH" })
        .where(eq(schema.users.email, "provider@fizio.test"));
    },
  );
});

describe("staff-made appointments", () => {
  it("sends the patient the participants' video link and the provider theirs, in the email and the .ics", async () => {
    const startOn = await freeStart(6, 4);
    const patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
    const providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [providerId],
      patientId,
      serviceCode: "97140",
      video: true,
      startOn,
      endOn: new Date(startOn.getTime() + 60 * MINUTE),
    });
    const links = await provider.api.visits.room({ eventId });
    const patient = await emailTo("patient@fizio.test");
    expect(patient.text).toContain(`Video visit: ${links.participantUrl}`);
    expect(patient.html).toContain(`href="${links.participantUrl}"`);
    expect(patient.ics.one("LOCATION").value).toBe(links.participantUrl);
    expect(patient.ics.one("URL").value).toBe(links.participantUrl);
    expect(attendees(patient.ics)).toContain("mailto:patient@fizio.test");
    const own = await emailTo("provider@fizio.test");
    expect(own.text).toContain(`Video visit: ${links.providerUrl}`);
    expect(own.ics.one("LOCATION").value).toBe(links.providerUrl);
    expect(attendees(own.ics).sort()).toEqual(["mailto:patient@fizio.test", "mailto:provider@fizio.test"]);
  });

  it("gives a Spanish patient the place of an in-person appointment, in Spanish", async () => {
    const startOn = await freeStart(6, 8);
    const paciente = (await findUserByEmail(h.t.db, "paciente@fizio.test"))!;
    await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [paciente.providerId!],
      patientId: paciente.id,
      serviceCode: "97140",
      startOn,
      endOn: new Date(startOn.getTime() + 60 * MINUTE),
    });
    const email = await emailTo("paciente@fizio.test");
    expect(email.subject).toMatch(/^Cita reservada: /);
    expect(email.text).toContain(`Dónde: ${PLACE}`);
    expect(email.ics.one("LOCATION").value).toBe(PLACE);
    expect(organizer(email.ics)).toBe("mailto:provider@fizio.test");
    expect(attendees(email.ics)).toContain("mailto:paciente@fizio.test");
  });
});

describe("the provider's time zone", () => {
  it("refuses a zone outside the US and Hawaii ones (FIZ062) to a provider and an admin, changing nothing", async () => {
    const before = await provider.api.calendar.availability.get({});
    const save = (client: Client, timeZone: string, providerId?: string) =>
      client.api.calendar.availability.save({ providerId, enabled: true, timeZone, slots: before.slots });
    for (const timeZone of ["Europe/Madrid", "UTC", "America/Toronto", "Asia/Tokyo"])
      expect((await failure(save(provider, timeZone))).fiz).toBe("FIZ062");
    expect((await failure(save(admin, "Europe/London", before.providerId))).fiz).toBe("FIZ062");
    expect(await provider.api.calendar.availability.get({})).toEqual(before);
    for (const timeZone of US_TIME_ZONE_IDS) expect((await save(provider, timeZone)).ok).toBe(true);
    expect((await save(admin, "America/New_York", before.providerId)).ok).toBe(true);
  });
});
