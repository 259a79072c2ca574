import { describe, expect, it } from "vitest";
import {
  AppError,
  admission,
  assertFinishable,
  assertJoinable,
  assertNotJoinedHere,
  assertVisitOpen,
  EVENT_STATUSES,
  participantRole,
  visitMinutes,
} from "../src";

const now = new Date("2026-06-10T15:00:00Z");
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000);
const code = (fn: () => void) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe("video visit rules", () => {
  it("opens the room from 30 minutes before the start, while scheduled or ongoing", () => {
    expect(code(() => assertJoinable({ status: "SCHEDULED", startOn: inMinutes(30) }, now))).toBe("ok");
    expect(code(() => assertJoinable({ status: "SCHEDULED", startOn: inMinutes(31) }, now))).toBe("FIZ218");
    expect(code(() => assertJoinable({ status: "ONGOING", startOn: inMinutes(-90) }, now))).toBe("ok");
    for (const status of ["COMPLETED", "CANCELLED", "NO_SHOW"] as const)
      expect(code(() => assertJoinable({ status, startOn: inMinutes(5) }, now))).toBe("FIZ110");
  });

  it("lets the provider in at once and keeps patients and guests waiting until the provider is there", () => {
    expect(admission("PROVIDER", false)).toBe("ADMITTED");
    expect(admission("PATIENT", false)).toBe("WAITING");
    expect(admission("GUEST", false)).toBe("WAITING");
    expect(admission("PATIENT", true)).toBe("ADMITTED");
    expect(admission("GUEST", true)).toBe("ADMITTED");
  });

  it("refuses a second join from the same connection (FIZ241) and lets another tab take over", () => {
    expect(code(() => assertNotJoinedHere("tab-1", "tab-1"))).toBe("FIZ241");
    expect(code(() => assertNotJoinedHere("tab-1", "tab-2"))).toBe("ok");
    expect(code(() => assertNotJoinedHere(null, "tab-2"))).toBe("ok");
  });

  it("finishes only an ongoing visit (FIZ242)", () => {
    for (const status of EVENT_STATUSES)
      expect(code(() => assertFinishable(status))).toBe(status === "ONGOING" ? "ok" : "FIZ242");
  });

  it("counts the real length in whole minutes, at least one", () => {
    expect(visitMinutes(now, inMinutes(0.2))).toBe(1);
    expect(visitMinutes(now, inMinutes(24.5))).toBe(25);
    expect(visitMinutes(now, inMinutes(45))).toBe(45);
  });
});

describe("who a participants' link seats", () => {
  const event = { patientId: "patient-1", organizationId: "org-1" };
  const user = (id: string, role: string, organizationId = "org-1") => ({ id, role, organizationId });

  it("seats the event's patient as the patient, and anyone signed out or on the event's staff as a guest", () => {
    expect(participantRole(user("patient-1", "ROLE_PATIENT"), event)).toBe("PATIENT");
    expect(participantRole(null, event)).toBe("GUEST");
    expect(participantRole(user("colleague", "ROLE_PROVIDER"), event)).toBe("GUEST");
  });

  it("refuses another patient (FIZ404) and another organisation's staff (FIZ415)", () => {
    expect(code(() => participantRole(user("patient-2", "ROLE_PATIENT"), event))).toBe("FIZ404");
    expect(code(() => participantRole(user("admin-9", "ROLE_ADMIN", "org-2"), event))).toBe("FIZ415");
  });

  it("keeps a call only while the event is Scheduled or Ongoing (FIZ110)", () => {
    expect(EVENT_STATUSES.map((s) => [s, code(() => assertVisitOpen(s))])).toEqual(
      EVENT_STATUSES.map((s) => [s, s === "SCHEDULED" || s === "ONGOING" ? "ok" : "FIZ110"]),
    );
  });
});
