import { describe, expect, it } from "vitest";
import {
  AppError,
  type AvailabilitySlot,
  assertAvailability,
  availabilityInput,
  bookAppointmentInput,
  createEventInput,
  freeSlots,
  isUsTimeZone,
  moveEventInput,
  publicSlotsInput,
  US_TIME_ZONE_IDS,
  zonedInstant,
} from "../src";

const weekdays9to12: AvailabilitySlot[] = [1, 2, 3, 4, 5].map((d) => ({
  dayOfWeek: d,
  start: "09:00",
  end: "12:00",
}));
const everyDay = (start: string, end: string): AvailabilitySlot[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, start, end }));

const query = (over: Partial<Parameters<typeof freeSlots>[0]> = {}) =>
  freeSlots({
    availability: weekdays9to12,
    providerTimeZone: "America/New_York",
    busy: [],
    from: "2026-06-15",
    to: "2026-06-15",
    viewerTimeZone: "America/New_York",
    durationMinutes: 30,
    notBefore: new Date("2026-01-01T00:00:00Z"),
    ...over,
  });

const code = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "ok";
};

describe("free slots", () => {
  it("offers every :00 and :30 start that fits in the availability", () => {
    expect(query().map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(query({ durationMinutes: 60 }).map((s) => s.time)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
    ]);
    // 2026-06-14 is a Sunday.
    expect(query({ from: "2026-06-14", to: "2026-06-14" })).toEqual([]);
  });

  it("shows the provider's hours in the visitor's zone (Hawaii, no DST)", () => {
    const slots = query({ viewerTimeZone: "Pacific/Honolulu" });
    // New York is UTC-4 in June, Honolulu UTC-10: 09:00 there is 03:00 here.
    expect(slots.map((s) => s.time)).toEqual(["03:00", "03:30", "04:00", "04:30", "05:00", "05:30"]);
    expect(slots[0]?.startOn.toISOString()).toBe("2026-06-15T13:00:00.000Z");
    // In January New York is UTC-5: the same 09:00 is 04:00 in Honolulu.
    const winter = query({ viewerTimeZone: "Pacific/Honolulu", from: "2027-01-11", to: "2027-01-11" });
    expect(winter[0]?.time).toBe("04:00");
  });

  it("lists slots under the visitor's date when the zones disagree on the day", () => {
    const late = query({
      availability: everyDay("00:00", "01:00"),
      viewerTimeZone: "Pacific/Honolulu",
      from: "2026-06-14",
      to: "2026-06-14",
    });
    // Midnight in New York on the 15th is 18:00 on the 14th in Honolulu.
    expect(late.map((s) => `${s.date} ${s.time}`)).toEqual(["2026-06-14 18:00", "2026-06-14 18:30"]);
  });

  it("keeps wall-clock hours across the spring DST change and skips the missing hour (New York, 2026-03-08)", () => {
    const spring = query({ availability: everyDay("01:00", "04:00"), from: "2026-03-08", to: "2026-03-08" });
    expect(spring.map((s) => s.time)).toEqual(["01:00", "01:30", "03:00", "03:30"]);
    const nine = query({ availability: everyDay("09:00", "10:00"), from: "2026-03-07", to: "2026-03-09" });
    expect(nine.map((s) => s.startOn.toISOString())).toEqual([
      "2026-03-07T14:00:00.000Z",
      "2026-03-07T14:30:00.000Z",
      "2026-03-08T13:00:00.000Z",
      "2026-03-08T13:30:00.000Z",
      "2026-03-09T13:00:00.000Z",
      "2026-03-09T13:30:00.000Z",
    ]);
  });

  it("keeps wall-clock hours across the autumn DST change (New York, 2026-11-01)", () => {
    const nine = query({ availability: everyDay("09:00", "10:00"), from: "2026-10-31", to: "2026-11-01" });
    expect(nine.map((s) => s.startOn.toISOString())).toEqual([
      "2026-10-31T13:00:00.000Z",
      "2026-10-31T13:30:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-01T14:30:00.000Z",
    ]);
    // Seen from Hawaii the same hour moves: 03:00 before the change, 04:00 after.
    const fromHawaii = query({
      availability: everyDay("09:00", "10:00"),
      viewerTimeZone: "Pacific/Honolulu",
      from: "2026-10-31",
      to: "2026-11-01",
    });
    expect(fromHawaii.map((s) => s.time)).toEqual(["03:00", "03:30", "04:00", "04:30"]);
  });

  it("removes slots that overlap an event, and none that only touch it", () => {
    const busy = [{ startOn: new Date("2026-06-15T14:00:00Z"), endOn: new Date("2026-06-15T15:00:00Z") }];
    expect(query({ busy }).map((s) => s.time)).toEqual(["09:00", "09:30", "11:00", "11:30"]);
    const odd = [{ startOn: new Date("2026-06-15T13:40:00Z"), endOn: new Date("2026-06-15T13:50:00Z") }];
    expect(query({ busy: odd }).map((s) => s.time)).toEqual(["09:00", "10:00", "10:30", "11:00", "11:30"]);
    const long = [
      { startOn: new Date("2026-06-15T12:00:00Z"), endOn: new Date("2026-06-15T14:30:00Z") },
      { startOn: new Date("2026-06-15T13:00:00Z"), endOn: new Date("2026-06-15T13:30:00Z") },
    ];
    expect(query({ busy: long }).map((s) => s.time)).toEqual(["10:30", "11:00", "11:30"]);
  });

  it("removes past hours", () => {
    const notBefore = new Date("2026-06-15T14:10:00Z");
    expect(query({ notBefore }).map((s) => s.time)).toEqual(["10:30", "11:00", "11:30"]);
  });
});

describe("availability rules (spec §5)", () => {
  it("accepts touching slots and :00/:30 bounds", () => {
    expect(
      code(() =>
        assertAvailability([
          { dayOfWeek: 1, start: "09:00", end: "12:00" },
          { dayOfWeek: 1, start: "12:00", end: "13:30" },
        ]),
      ),
    ).toBe("ok");
  });
  it("refuses a :15 bound (FIZ060)", () => {
    expect(code(() => assertAvailability([{ dayOfWeek: 1, start: "09:15", end: "12:00" }]))).toBe("FIZ060");
  });
  it("refuses a slot under the minimum (FIZ061)", () => {
    expect(code(() => assertAvailability([{ dayOfWeek: 1, start: "09:00", end: "09:30" }]))).toBe("FIZ061");
    expect(code(() => assertAvailability([{ dayOfWeek: 1, start: "12:00", end: "09:00" }]))).toBe("FIZ061");
  });
  it("refuses overlapping slots on a day (FIZ059), not on different days", () => {
    const a = { dayOfWeek: 2, start: "09:00", end: "12:00" };
    expect(code(() => assertAvailability([a, { dayOfWeek: 2, start: "11:00", end: "13:00" }]))).toBe(
      "FIZ059",
    );
    expect(code(() => assertAvailability([a, { dayOfWeek: 3, start: "11:00", end: "13:00" }]))).toBe("ok");
  });
  it("refuses an unknown time zone", () => {
    const r = availabilityInput.safeParse({ enabled: true, timeZone: "Mars/Olympus", slots: [] });
    expect(r.error?.issues[0]?.message).toBe("FIZ062");
  });
  it("takes a provider's zone only from the US and Hawaii zones booking is limited to (FIZ062)", () => {
    const zoneOf = (timeZone: string) =>
      availabilityInput.safeParse({ enabled: true, timeZone, slots: [] }).error?.issues[0]?.message ?? "ok";
    for (const outside of ["Europe/Madrid", "UTC", "America/Toronto", "America/Puerto_Rico", "Etc/GMT+10"])
      expect([outside, zoneOf(outside)]).toEqual([outside, "FIZ062"]);
    for (const zone of US_TIME_ZONE_IDS) expect([zone, zoneOf(zone)]).toEqual([zone, "ok"]);
    expect(isUsTimeZone("Pacific/Honolulu")).toBe(true);
    expect(isUsTimeZone("Europe/Madrid")).toBe(false);
  });
});

describe("booking and event inputs", () => {
  const booking = {
    calendarId: "abcdefghijklmnop1234",
    timeZone: "Pacific/Honolulu",
    startOn: "2026-06-15T13:00:00Z",
    name: "Ana",
    email: "ana@example.com",
    phone: "5551234567",
  };
  it("accepts only the US and Hawaii zones (FIZ062)", () => {
    expect(bookAppointmentInput.safeParse(booking).success).toBe(true);
    expect(
      bookAppointmentInput.safeParse({ ...booking, timeZone: "Europe/Madrid" }).error?.issues[0]?.message,
    ).toBe("FIZ062");
    expect(
      publicSlotsInput.safeParse({
        calendarId: booking.calendarId,
        timeZone: "UTC",
        from: "2026-06-01",
        to: "2026-06-30",
      }).success,
    ).toBe(false);
  });
  it("refuses a :15 start (FIZ060) and an overlong name (FIZ003)", () => {
    expect(
      bookAppointmentInput.safeParse({ ...booking, startOn: "2026-06-15T13:15:00Z" }).error?.issues[0]
        ?.message,
    ).toBe("FIZ060");
    expect(
      bookAppointmentInput.safeParse({ ...booking, name: "x".repeat(10_000) }).error?.issues[0]?.message,
    ).toBe("FIZ003");
  });
  const event = {
    eventType: "NON_SERVICE",
    providerIds: ["7d1b8a3e-6f1c-4c2e-9a7b-1f2e3d4c5b6a"],
    startOn: "2026-06-15T13:00:00Z",
    endOn: "2026-06-15T14:00:00Z",
  };
  it("refuses a patient or a service on a non-service event (FIZ067)", () => {
    expect(createEventInput.safeParse(event).success).toBe(true);
    const withPatient = { ...event, patientId: "8d1b8a3e-6f1c-4c2e-9a7b-1f2e3d4c5b6a" };
    expect(createEventInput.safeParse(withPatient).error?.issues[0]?.message).toBe("FIZ067");
    expect(createEventInput.safeParse({ ...event, serviceCode: "97110" }).error?.issues[0]?.message).toBe(
      "FIZ067",
    );
  });
  it("needs a service on a service event (the API checks it is a SERVICES code), and a minimum duration", () => {
    const service = {
      ...event,
      eventType: "SERVICE",
      patientId: "8d1b8a3e-6f1c-4c2e-9a7b-1f2e3d4c5b6a",
      serviceCode: "97110",
    };
    expect(createEventInput.safeParse(service).success).toBe(true);
    expect(createEventInput.safeParse({ ...service, serviceCode: null }).error?.issues[0]?.message).toBe(
      "FIZ001",
    );
    expect(
      createEventInput.safeParse({ ...service, endOn: "2026-06-15T13:10:00Z" }).error?.issues[0]?.message,
    ).toBe("FIZ063");
  });
  it("keeps a dragged or resized event within the form's durations (FIZ063, FIZ009)", () => {
    const move = { eventId: "9d1b8a3e-6f1c-4c2e-9a7b-1f2e3d4c5b6a", startOn: event.startOn };
    expect(moveEventInput.safeParse({ ...move, endOn: "2026-06-16T01:00:00Z" }).success).toBe(true);
    expect(
      moveEventInput.safeParse({ ...move, endOn: "2026-06-16T01:01:00Z" }).error?.issues[0]?.message,
    ).toBe("FIZ009");
    expect(
      moveEventInput.safeParse({ ...move, endOn: "2026-06-15T13:10:00Z" }).error?.issues[0]?.message,
    ).toBe("FIZ063");
    expect(
      createEventInput.safeParse({ ...event, endOn: "2026-06-16T01:01:00Z" }).error?.issues[0]?.message,
    ).toBe("FIZ009");
  });
  it("builds zoned instants and reports the missing DST hour", () => {
    expect(zonedInstant("2026-03-08", 150, "America/New_York")).toBeNull();
    expect(zonedInstant("2026-03-08", 180, "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    expect(zonedInstant("2026-06-15", 24 * 60, "Pacific/Honolulu")?.toISOString()).toBe(
      "2026-06-16T10:00:00.000Z",
    );
  });
});
