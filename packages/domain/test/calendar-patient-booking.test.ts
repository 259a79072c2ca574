import { describe, expect, it } from "vitest";
import { type AppError, assertPatientMayChange, type EventStatus, patientChangeDeadline } from "../src";

const now = new Date("2026-06-10T15:00:00Z");
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000);
const PATIENT = "patient";

function code(status: EventStatus, startIn: number, notice: number, createdBy: string | null = PATIENT) {
  try {
    assertPatientMayChange({ status, startOn: inMinutes(startIn), createdBy }, PATIENT, now, notice);
    return "ok";
  } catch (e) {
    return (e as AppError).code;
  }
}

describe("a patient changing their own visit", () => {
  it("may change a scheduled visit they booked, outside the notice", () => {
    expect(code("SCHEDULED", 25 * 60, 24 * 60)).toBe("ok");
    expect(code("SCHEDULED", 24 * 60, 24 * 60)).toBe("ok");
    expect(code("SCHEDULED", 1, 0)).toBe("ok");
  });

  it("is refused inside the organisation's notice (FIZ268)", () => {
    expect(code("SCHEDULED", 24 * 60 - 1, 24 * 60)).toBe("FIZ268");
    expect(code("SCHEDULED", 30, 60)).toBe("FIZ268");
  });

  it("cannot change a visit that started, ended or was cancelled", () => {
    expect(code("SCHEDULED", 0, 0)).toBe("FIZ216");
    expect(code("SCHEDULED", -30, 0)).toBe("FIZ216");
    expect(code("CANCELLED", 48 * 60, 60)).toBe("FIZ214");
    expect(code("ONGOING", 48 * 60, 60)).toBe("FIZ214");
  });

  it("leaves visits the clinic booked to the clinic (FIZ413)", () => {
    expect(code("SCHEDULED", 48 * 60, 60, "provider")).toBe("FIZ413");
    expect(code("SCHEDULED", 48 * 60, 60, null)).toBe("FIZ413");
  });

  it("names the deadline", () => {
    expect(patientChangeDeadline(inMinutes(120), 60)).toEqual(inMinutes(60));
  });
});
