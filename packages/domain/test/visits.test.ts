import { describe, expect, it } from "vitest";
import {
  AppError,
  admission,
  assertFinishable,
  assertGuestLinkOpen,
  assertGuestMayJoin,
  assertJoinable,
  assertNotJoinedHere,
  assertPatientLink,
  assertVisitOpen,
  EVENT_STATUSES,
  guestStatusAfter,
  isVisitJoinable,
  VISIT_GUEST_STATUSES,
  visitInviteInput,
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

  it("offers Join for a video visit whose room is open, as the room lets people in", () => {
    const visit = { video: true, status: "SCHEDULED" as const };
    expect(isVisitJoinable({ ...visit, startOn: inMinutes(30) }, now)).toBe(true);
    expect(isVisitJoinable({ ...visit, startOn: inMinutes(31) }, now)).toBe(false);
    expect(isVisitJoinable({ ...visit, status: "ONGOING", startOn: inMinutes(-90) }, now)).toBe(true);
    expect(isVisitJoinable({ ...visit, status: "COMPLETED", startOn: inMinutes(5) }, now)).toBe(false);
    expect(isVisitJoinable({ ...visit, video: false, startOn: inMinutes(5) }, now)).toBe(false);
  });

  it("lets the provider in at once, the patient once the provider is there, a guest only once admitted too", () => {
    expect(admission("PROVIDER", false)).toBe("ADMITTED");
    expect(admission("PATIENT", false)).toBe("WAITING");
    expect(admission("PATIENT", true)).toBe("ADMITTED");
    expect(admission("GUEST", false, "ADMITTED")).toBe("WAITING");
    expect(admission("GUEST", true, "ADMITTED")).toBe("ADMITTED");
    // The provider being there is not enough: they let each guest in themselves.
    for (const status of VISIT_GUEST_STATUSES.filter((s) => s !== "ADMITTED"))
      expect(admission("GUEST", true, status)).toBe("WAITING");
    expect(admission("GUEST", true)).toBe("WAITING");
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
  const seat = (u: ReturnType<typeof user> | null) => code(() => assertPatientLink(u, event));

  it("seats the event's patient, signed in, and nobody else: holding the link is not enough (FIZ273)", () => {
    expect(seat(user("patient-1", "ROLE_PATIENT"))).toBe("ok");
    expect(seat(null)).toBe("FIZ273");
    expect(seat(user("colleague", "ROLE_PROVIDER"))).toBe("FIZ273");
    expect(seat(user("admin-1", "ROLE_ADMIN"))).toBe("FIZ273");
  });

  it("refuses another patient (FIZ404) and another organisation's staff (FIZ415)", () => {
    expect(seat(user("patient-2", "ROLE_PATIENT"))).toBe("FIZ404");
    expect(seat(user("admin-9", "ROLE_ADMIN", "org-2"))).toBe("FIZ415");
  });

  it("keeps a call only while the event is Scheduled or Ongoing (FIZ110)", () => {
    expect(EVENT_STATUSES.map((s) => [s, code(() => assertVisitOpen(s))])).toEqual(
      EVENT_STATUSES.map((s) => [s, s === "SCHEDULED" || s === "ONGOING" ? "ok" : "FIZ110"]),
    );
  });
});

describe("a guest's own link", () => {
  const visit = (over: Partial<{ status: (typeof EVENT_STATUSES)[number]; finished: boolean }> = {}) => ({
    status: "ONGOING" as const,
    endOn: inMinutes(10),
    finished: false,
    ...over,
  });

  it("works while the visit is open and until two hours after its end; then, or once withdrawn, it is dead (FIZ274)", () => {
    expect(code(() => assertGuestLinkOpen("INVITED", visit(), now))).toBe("ok");
    expect(code(() => assertGuestLinkOpen("INVITED", { ...visit(), endOn: inMinutes(-119) }, now))).toBe(
      "ok",
    );
    expect(code(() => assertGuestLinkOpen("INVITED", { ...visit(), endOn: inMinutes(-121) }, now))).toBe(
      "FIZ274",
    );
    expect(code(() => assertGuestLinkOpen("INVITED", visit({ finished: true }), now))).toBe("FIZ274");
    for (const status of ["COMPLETED", "CANCELLED", "NO_SHOW"] as const)
      expect(code(() => assertGuestLinkOpen("ADMITTED", visit({ status }), now))).toBe("FIZ274");
    expect(code(() => assertGuestLinkOpen("REVOKED", visit(), now))).toBe("FIZ274");
  });

  it("keeps a denied or removed guest out until the provider admits them again (FIZ275)", () => {
    expect(VISIT_GUEST_STATUSES.map((s) => [s, code(() => assertGuestMayJoin(s))])).toEqual([
      ["INVITED", "ok"],
      ["ADMITTED", "ok"],
      ["DENIED", "FIZ275"],
      ["REMOVED", "FIZ275"],
      ["REVOKED", "FIZ274"],
    ]);
    expect(guestStatusAfter("REMOVED", "admit")).toBe("ADMITTED");
    expect(guestStatusAfter("DENIED", "admit")).toBe("ADMITTED");
    expect(guestStatusAfter("INVITED", "deny")).toBe("DENIED");
    expect(guestStatusAfter("ADMITTED", "remove")).toBe("REMOVED");
    expect(guestStatusAfter("ADMITTED", "revoke")).toBe("REVOKED");
  });

  it("stays withdrawn once revoked: no decision brings it back (FIZ274)", () => {
    for (const decision of ["admit", "deny", "remove", "revoke"] as const)
      expect(code(() => guestStatusAfter("REVOKED", decision))).toBe("FIZ274");
  });

  it("is asked for by name, with or without an email address", () => {
    const base = { eventId: crypto.randomUUID(), name: "Lucía", language: "SPANISH" };
    expect(visitInviteInput.parse({ ...base, email: "" }).email).toBeUndefined();
    expect(visitInviteInput.parse(base).email).toBeUndefined();
    expect(visitInviteInput.parse({ ...base, email: " Ana@Example.org " }).email).toBe("ana@example.org");
    expect(visitInviteInput.safeParse({ ...base, email: "nope" }).error?.issues[0]?.message).toBe("FIZ036");
    expect(visitInviteInput.safeParse({ ...base, name: " " }).error?.issues[0]?.message).toBe("FIZ001");
  });
});
