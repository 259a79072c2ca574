import { addDays, mondayOf, todayIn } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

let h: Harness;
let admin: Client;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
});
afterAll(() => h.t.drop());

const sum = (weeks: { recordings: number }[]) => weeks.reduce((n, w) => n + w.recordings, 0);

describe("patients overview report", () => {
  it("gives the organisation's last twelve weeks: recordings with their average error, planned activities", async () => {
    const report = await admin.api.reports.patientsOverview({ timeZone: "UTC" });
    const today = todayIn("UTC");
    expect(report).toMatchObject({ from: addDays(mondayOf(today), -77), to: today });
    expect(report.weeks).toHaveLength(12);
    // The demo patient's five analysed recordings of the last two weeks (the sixth failed).
    expect(sum(report.weeks)).toBe(5);
    expect(report.weeks.some((w) => w.averageError !== null && w.averageError > 0)).toBe(true);
    // Their current plan schedules activities from this week on; nothing done yet, so adherence is 0 there.
    const thisWeek = report.weeks.at(-1)!;
    expect(thisWeek.planned).toBeGreaterThan(0);
    expect(thisWeek.adherence).toBe(0);
    expect(report.weeks[0]!.adherence).toBeNull();
  });

  it("counts only the admin's organisation", async () => {
    const before = sum((await admin.api.reports.patientsOverview({ timeZone: "UTC" })).weeks);
    const other = await insertUploadedRecording(h.t.db, "patient@northside.test");
    await h.t.db.execute(
      `update recordings set analysis_status = 'COMPLETED', overall_average_error = 40 where id = '${other.id}'` as never,
    );
    expect(sum((await admin.api.reports.patientsOverview({ timeZone: "UTC" })).weeks)).toBe(before);
    const mine = await insertUploadedRecording(h.t.db, "patient@fizio.test");
    await h.t.db.execute(
      `update recordings set analysis_status = 'COMPLETED', overall_average_error = 8 where id = '${mine.id}'` as never,
    );
    expect(sum((await admin.api.reports.patientsOverview({ timeZone: "UTC" })).weeks)).toBe(before + 1);
  });

  it("is the admins' alone (FIZ413), and refuses a reversed (FIZ012) or too long (FIZ009) range", async () => {
    const provider = await h.signIn("provider@fizio.test");
    expect((await failure(provider.api.reports.patientsOverview({}))).fiz).toBe("FIZ413");
    const patient = await h.signIn("patient@fizio.test");
    expect((await failure(patient.api.reports.patientsOverview({}))).fiz).toBe("FIZ413");
    expect(
      (await failure(admin.api.reports.patientsOverview({ from: "2026-06-01", to: "2026-05-01" }))).fiz,
    ).toBe("FIZ012");
    const far = await failure(admin.api.reports.patientsOverview({ from: "2026-01-01", to: "2029-01-01" }));
    expect(far.fiz).toBe("FIZ009");
  });
});
