import { describe, expect, it } from "vitest";
import {
  AppError,
  assertProgramDeletable,
  assertProgramUpdatable,
  engagementDueAt,
  engagementStatus,
  engagementTemplateInput,
  type ProgramMessage,
  planProgramUpdate,
} from "../src";

const fiz = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return null;
};

describe("engagement program status", () => {
  const base = { startDate: "2026-11-25", today: "2026-11-25", sent: 0, total: 3, cancelled: false };
  it("is planned before day 0, current on it, in progress once sending, completed when all went out", () => {
    expect(engagementStatus({ ...base, today: "2026-11-24" })).toBe("PLANNED");
    expect(engagementStatus(base)).toBe("CURRENT");
    expect(engagementStatus({ ...base, sent: 1 })).toBe("IN_PROGRESS");
    expect(engagementStatus({ ...base, sent: 3 })).toBe("COMPLETED");
    expect(engagementStatus({ ...base, sent: 1, cancelled: true })).toBe("CANCELLED");
  });

  it("cannot be deleted when current, in progress, completed or after messages were sent (FIZ222)", () => {
    expect(fiz(() => assertProgramDeletable("PLANNED", 0))).toBeNull();
    expect(fiz(() => assertProgramDeletable("CANCELLED", 0))).toBeNull();
    expect(fiz(() => assertProgramDeletable("CURRENT", 0))).toBe("FIZ222");
    expect(fiz(() => assertProgramDeletable("IN_PROGRESS", 1))).toBe("FIZ222");
    expect(fiz(() => assertProgramDeletable("COMPLETED", 3))).toBe("FIZ222");
    expect(fiz(() => assertProgramDeletable("CANCELLED", 1))).toBe("FIZ222");
  });

  it("cannot be updated once completed (FIZ223)", () => {
    expect(fiz(() => assertProgramUpdatable("IN_PROGRESS"))).toBeNull();
    expect(fiz(() => assertProgramUpdatable("COMPLETED"))).toBe("FIZ223");
    expect(fiz(() => assertProgramUpdatable("CANCELLED"))).toBe("FIZ223");
  });
});

describe("editing a program's messages", () => {
  const sent: ProgramMessage = {
    id: "a",
    startDay: 0,
    bodyEn: "Welcome",
    bodyEs: "Bienvenido",
    attachmentId: null,
    sentAt: new Date("2026-11-25T10:00:00Z"),
  };
  const waiting: ProgramMessage = { ...sent, id: "b", startDay: 3, bodyEn: "Day 3", sentAt: null };
  const keep = (m: ProgramMessage) => ({ ...m, sentAt: undefined });

  it("edits, adds and removes unsent messages", () => {
    const plan = planProgramUpdate(
      [sent, waiting],
      [
        keep(sent),
        { ...keep(waiting), bodyEn: "Day 3, again" },
        { startDay: 7, bodyEn: "Week", bodyEs: "", attachmentId: null },
      ],
    );
    expect(plan.update.map((m) => m.id)).toEqual(["b"]);
    expect(plan.insert.map((m) => m.startDay)).toEqual([7]);
    expect(plan.remove).toEqual([]);
    expect(planProgramUpdate([sent, waiting], [keep(sent)]).remove).toEqual(["b"]);
  });

  it("refuses to edit or remove a sent message (FIZ224)", () => {
    expect(
      fiz(() => planProgramUpdate([sent, waiting], [{ ...keep(sent), bodyEn: "Hi" }, keep(waiting)])),
    ).toBe("FIZ224");
    expect(fiz(() => planProgramUpdate([sent, waiting], [keep(waiting)]))).toBe("FIZ224");
  });

  it("refuses two messages on one day (FIZ008) and a foreign message id (FIZ002)", () => {
    expect(
      fiz(() =>
        planProgramUpdate([sent], [keep(sent), { startDay: 0, bodyEn: "x", bodyEs: "", attachmentId: null }]),
      ),
    ).toBe("FIZ008");
    expect(fiz(() => planProgramUpdate([sent], [keep(sent), { ...keep(waiting), id: "zzz" }]))).toBe(
      "FIZ002",
    );
  });

  it("template input refuses a repeated day (FIZ008) and a day beyond a year (FIZ009)", () => {
    const message = { startDay: 1, bodyEn: "Hello" };
    expect(
      engagementTemplateInput.safeParse({ name: "Knee", messages: [message, message] }).error?.issues[0]
        ?.message,
    ).toBe("FIZ008");
    expect(
      engagementTemplateInput.safeParse({ name: "Knee", messages: [{ ...message, startDay: 400 }] }).error
        ?.issues[0]?.message,
    ).toBe("FIZ009");
  });
});

describe("when a program's messages are due, across time zones", () => {
  it("sends day N at 09:00 in the program's zone", () => {
    const enrolledAt = new Date("2026-11-25T15:00:00Z");
    expect(
      engagementDueAt({ startDate: "2026-11-25", timeZone: "America/New_York", enrolledAt }, 2).toISOString(),
    ).toBe("2026-11-27T14:00:00.000Z");
    expect(
      engagementDueAt({ startDate: "2026-11-25", timeZone: "Pacific/Honolulu", enrolledAt }, 2).toISOString(),
    ).toBe("2026-11-27T19:00:00.000Z");
    expect(
      engagementDueAt({ startDate: "2026-11-25", timeZone: "Europe/Madrid", enrolledAt }, 1).toISOString(),
    ).toBe("2026-11-26T08:00:00.000Z");
  });

  it("follows daylight saving: 09:00 local before and after the change", () => {
    const enrolledAt = new Date("2026-03-01T12:00:00Z");
    const program = { startDate: "2026-03-06", timeZone: "America/Chicago", enrolledAt };
    expect(engagementDueAt(program, 0).toISOString()).toBe("2026-03-06T15:00:00.000Z");
    expect(engagementDueAt(program, 3).toISOString()).toBe("2026-03-09T14:00:00.000Z");
  });

  it("sends a day-0 message at enrolment when day 0 is the enrolment's local date", () => {
    // 03:30 UTC on the 26th is still the 25th in New York: day 0 is today there.
    const enrolledAt = new Date("2026-11-26T03:30:00Z");
    expect(engagementDueAt({ startDate: "2026-11-25", timeZone: "America/New_York", enrolledAt }, 0)).toBe(
      enrolledAt,
    );
    // ...but in Madrid it is already the 26th: a program starting the 26th sends at enrolment, one starting
    // the 27th at 09:00 on the 27th.
    expect(engagementDueAt({ startDate: "2026-11-26", timeZone: "Europe/Madrid", enrolledAt }, 0)).toBe(
      enrolledAt,
    );
    expect(
      engagementDueAt({ startDate: "2026-11-27", timeZone: "Europe/Madrid", enrolledAt }, 0).toISOString(),
    ).toBe("2026-11-27T08:00:00.000Z");
  });
});
