import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  bookAppointmentInput,
  createEventInput,
  dateOfBirthSchema,
  fieldErrorsFromZod,
  instantSchema,
  isoDateSchema,
  listEventsInput,
} from "../src";

const refusal = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : fieldErrorsFromZod(result.error)[0];
};

describe("calendar dates (isoDateSchema)", () => {
  it("takes a day that exists within 1900–2200", () => {
    for (const day of ["1900-01-01", "2024-02-29", "2200-12-31"])
      expect(refusal(isoDateSchema, day)).toBeNull();
  });

  it("refuses a year outside 1900–2200 with FIZ276 and the range to show", () => {
    for (const day of ["0000-01-01", "1899-12-31", "2201-01-01", "9999-12-31"])
      expect(refusal(isoDateSchema, day), day).toEqual({
        path: "",
        code: "FIZ276",
        params: { min: 1900, max: 2200 },
      });
  });

  it("refuses a day that does not exist or another shape with FIZ017, and a missing one with FIZ001", () => {
    for (const value of [
      "2026-02-30",
      "2023-02-29",
      "5/3/2026",
      "-0001-01-01",
      "275760-09-13",
      ["2026-01-01"],
      20260101,
    ])
      expect(refusal(isoDateSchema, value)?.code, String(value)).toBe("FIZ017");
    expect(refusal(isoDateSchema, undefined)?.code).toBe("FIZ001");
  });

  it("bounds birth dates the same way (FIZ276), and keeps them in the past (FIZ016)", () => {
    expect(dateOfBirthSchema.safeParse("2999-01-01").error?.issues.map((i) => i.message)).toEqual(["FIZ276"]);
    expect(refusal(dateOfBirthSchema, "1899-12-31")?.code).toBe("FIZ276");
    expect(refusal(dateOfBirthSchema, "2199-01-01")?.code).toBe("FIZ016");
    expect(refusal(dateOfBirthSchema, "1980-05-17")).toBeNull();
  });
});

describe("instants (instantSchema)", () => {
  it("takes a Date or an ISO 8601 date-time with its offset, as a Date", () => {
    const at = new Date("2026-12-08T19:00:00.000Z");
    expect(instantSchema.parse(at)).toEqual(at);
    expect(instantSchema.parse("2026-12-08T19:00:00.000Z")).toEqual(at);
    expect(instantSchema.parse("2026-12-08T19:00Z")).toEqual(at);
    expect(instantSchema.parse("2026-12-08T14:00:00-05:00")).toEqual(at);
  });

  it("refuses years 0, −1 and 275760 with FIZ276, as a Date or as text", () => {
    const years = [new Date("0000-01-01T00:00:00Z"), new Date("-000001-01-01T00:00:00Z"), new Date(8.64e15)];
    for (const value of [...years, ...years.map((d) => d.toISOString()), "0000-01-01T00:00:00Z"])
      expect(refusal(instantSchema, value)?.code, String(value)).toBe("FIZ276");
  });

  it("refuses what new Date() would make something of: arrays, numbers, free text, invalid dates (FIZ017)", () => {
    const values = [
      ["2026-12-08T19:00:00.000Z"],
      1_765_220_400_000,
      "December 8, 2026",
      "2026-12-08",
      "2026-02-30T10:00:00Z",
      new Date(Number.NaN),
      Number.NaN,
      null,
      { toString: () => "2026-12-08T19:00:00.000Z" },
      "2".repeat(100_000),
    ];
    for (const value of values)
      expect(refusal(instantSchema, value)?.code, String(value).slice(0, 40)).toBe("FIZ017");
    expect(refusal(instantSchema, undefined)?.code).toBe("FIZ001");
  });

  it("keeps an object's rules from reading a time that is text, no date (FIZ017, no TypeError)", () => {
    const event = { eventType: "NON_SERVICE", providerIds: [crypto.randomUUID()], video: false };
    expect(() => createEventInput.safeParse({ ...event, startOn: "soon", endOn: "later" })).not.toThrow();
    expect(refusal(createEventInput, { ...event, startOn: "soon", endOn: new Date() })?.code).toBe("FIZ017");
    expect(refusal(listEventsInput, { from: "x".repeat(41), to: new Date() })?.code).toBe("FIZ017");
  });

  it("keeps the rules built on it: a booking's start still falls on :00 or :30 (FIZ060)", () => {
    const booking = {
      calendarId: "c".repeat(22),
      timeZone: "America/New_York",
      name: "Visitor",
      email: "visitor@example.com",
      phone: "5551234567",
    };
    expect(refusal(bookAppointmentInput, { ...booking, startOn: "2026-12-08T19:10:00Z" })?.code).toBe(
      "FIZ060",
    );
    expect(refusal(bookAppointmentInput, { ...booking, startOn: ["2026-12-08T19:00:00Z"] })?.code).toBe(
      "FIZ017",
    );
    expect(refusal(bookAppointmentInput, { ...booking, startOn: "2026-12-08T19:00:00Z" })).toBeNull();
  });
});
