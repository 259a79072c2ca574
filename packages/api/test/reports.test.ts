import { findUserByEmail } from "@fizio/db";
import { addDays, mondayOf, todayIn } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
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
    // The demo patient's 32 analysed recordings of the last eight weeks (one more failed), better week by week.
    expect(sum(report.weeks)).toBe(32);
    const errors = report.weeks.flatMap((w) => (w.averageError === null ? [] : [w.averageError]));
    expect(errors.at(-1)!).toBeLessThan(errors[0]!);
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

/** Recordings of `email`'s patient on `days` distinct days, today and the days before (one per day). */
/** Recordings today and on the days before, `days` days in all, and on each of `earlier` days ago. */
async function recordOnDays(email: string, days: number, earlier: number[] = []) {
  const first = await insertUploadedRecording(h.t.db, email);
  const ago = [...Array.from({ length: days - 1 }, (_, i) => i + 1), ...earlier];
  await h.t.db.execute(sql`
    insert into recordings (organization_id, patient_id, reference_video_id, storage_key, upload_status, recording_date)
    select organization_id, patient_id, reference_video_id, storage_key, upload_status, now() - (k || ' days')::interval
    from recordings, unnest(${`{${ago.join(",")}}`}::int[]) k where id = ${first.id}`);
  return first;
}

describe("provider activity report", () => {
  it("counts each provider's completed visits, reviewed recordings and plans, in the organisation only", async () => {
    const provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    const northside = (await findUserByEmail(h.t.db, "provider@northside.test"))!;
    const rowOf = async () =>
      (await admin.api.reports.providerActivity({ timeZone: "UTC" })).providers.find(
        (p) => p.providerId === provider.id,
      )!;
    const before = await rowOf();
    // The demo patient's current plan was written by the demo provider today.
    expect(before.plansCreated).toBeGreaterThanOrEqual(1);

    for (const who of [provider, northside])
      await h.t.db.execute(sql`
        with e as (
          insert into events (organization_id, event_type, status, start_on, end_on, service_code, service_name)
          values (${who.organizationId}, 'SERVICE', 'COMPLETED', now() - interval '1 day',
                  now() - interval '1 day' + interval '30 minutes', '97110', 'Therapeutic exercise')
          returning id, start_on, end_on)
        insert into event_providers (event_id, provider_id, start_on, end_on)
        select id, ${who.id}, start_on, end_on from e`);
    const recording = await insertUploadedRecording(h.t.db, "patient@fizio.test");
    const providerClient = await h.signIn("provider@fizio.test");
    await providerClient.api.billing.rtm.logReview({ recordingId: recording.id, seconds: 90 });
    await providerClient.api.billing.rtm.logReview({ recordingId: recording.id, seconds: 60 });

    const after = await rowOf();
    expect(after).toMatchObject({
      firstName: provider.firstName,
      visits: before.visits + 1,
      recordingsReviewed: before.recordingsReviewed + 1,
      reviewMinutes: before.reviewMinutes + 2,
    });
    const all = await admin.api.reports.providerActivity({ timeZone: "UTC" });
    expect(all.providers.map((p) => p.providerId)).not.toContain(northside.id);
  });
});

describe("recordings and analysis failures report", () => {
  it("gives recordings by week, or by day for a short range, with failures by reason, for the organisation only", async () => {
    const weekly = await admin.api.reports.recordings({ timeZone: "UTC" });
    expect(weekly.bucket).toBe("WEEK");
    expect(weekly.buckets).toHaveLength(12);
    // The demo patient's recordings: five analysed, one failed.
    expect(weekly.totals.analysed).toBeGreaterThanOrEqual(5);
    expect(weekly.totals.failed).toBeGreaterThanOrEqual(1);
    expect(weekly.failures.reduce((n, f) => n + f.count, 0)).toBe(weekly.totals.failed);
    const today = todayIn("UTC");
    const daily = await admin.api.reports.recordings({
      from: addDays(today, -13),
      to: today,
      timeZone: "UTC",
    });
    expect(daily.bucket).toBe("DAY");
    expect(daily.buckets.map((b) => b.bucket)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDays(today, i - 13)),
    );

    const theirs = await insertUploadedRecording(h.t.db, "patient@northside.test");
    await h.t.db.execute(
      sql`update recordings set analysis_status = 'FAILED', failure_code = 'TOO_LONG' where id = ${theirs.id}`,
    );
    const mine = await insertUploadedRecording(h.t.db, "patient@fizio.test");
    await h.t.db.execute(sql`
      update recordings set analysis_status = 'FAILED', failure_code = 'TIMED_OUT', analysis_started_at = now()
      where id = ${mine.id}`);
    const again = await admin.api.reports.recordings({ timeZone: "UTC" });
    expect(again.totals.failed).toBe(weekly.totals.failed + 1);
    expect(again.failures).toContainEqual({ code: "TIMED_OUT", count: 1 });
    expect(again.failures.find((f) => f.code === "TOO_LONG")).toBeUndefined();
  });
});

describe("remote-monitoring eligibility report", () => {
  it("lists periods that earned an RTM code or are close to one, audited, for the organisation only", async () => {
    const provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    await h.addUser("patient@fizio.test", {
      role: "ROLE_PATIENT",
      email: "rtm.close@fizio.test",
      firstName: "Cleo",
      lastName: "Close",
      providerId: provider.id,
    });
    await h.addUser("patient@fizio.test", {
      role: "ROLE_PATIENT",
      email: "rtm.earned@fizio.test",
      firstName: "Evan",
      lastName: "Earned",
      providerId: provider.id,
    });
    // Cleo's episode began six weeks ago: its first period earned the set-up code (98975) with two days of data.
    await recordOnDays("rtm.close@fizio.test", 13, [45, 44]);
    await recordOnDays("rtm.earned@fizio.test", 16);
    await recordOnDays("patient@northside.test", 16);

    const report = await admin.api.reports.remoteMonitoring({ timeZone: "UTC" });
    const byName = (name: string) => report.periods.filter((p) => p.name === name);
    expect(byName("Cleo Close")).toEqual([
      expect.objectContaining({ eligibility: "CLOSE", dataDays: 13, daysToGo: 3, codes: [] }),
      expect.objectContaining({ eligibility: "EARNED", dataDays: 2, codes: [{ code: "98975", units: 1 }] }),
    ]);
    expect(byName("Evan Earned")).toEqual([
      expect.objectContaining({
        eligibility: "EARNED",
        dataDays: 16,
        codes: [
          { code: "98975", units: 1 },
          { code: "98977", units: 1 },
        ],
      }),
    ]);
    const northside = (await findUserByEmail(h.t.db, "patient@northside.test"))!;
    expect(report.periods.map((p) => p.patientId)).not.toContain(northside.id);
    const [read] = await auditTrail(h, "reports.remoteMonitoring");
    expect(read).toMatchObject({ actorEmail: "admin@fizio.test", entity: "patient" });

    // A range that ended before those periods began shows none of them.
    const past = await admin.api.reports.remoteMonitoring({
      from: "2026-01-05",
      to: "2026-01-31",
      timeZone: "UTC",
    });
    expect(past.periods.filter((p) => p.name === "Evan Earned")).toEqual([]);
  });
});

describe("the new reports' refusals", () => {
  it("are the admins' alone (FIZ413) and keep the range rules (FIZ012, FIZ009)", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const reversed = { from: "2026-06-01", to: "2026-05-01" };
    const far = { from: "2026-01-01", to: "2029-01-01" };
    for (const name of ["providerActivity", "recordings", "remoteMonitoring"] as const) {
      expect((await failure(provider.api.reports[name]({}))).fiz).toBe("FIZ413");
      expect((await failure(admin.api.reports[name](reversed))).fiz).toBe("FIZ012");
      expect((await failure(admin.api.reports[name](far))).fiz).toBe("FIZ009");
    }
  });
});
