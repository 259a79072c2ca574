import { findUserByEmail, schema } from "@fizio/db";
import { addDays, todayIn } from "@fizio/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";

/**
 * The demo seed gives patient@fizio.test eight weeks of analysed Mini squat recordings (27 before the last two
 * weeks, five in them) and one failed.
 */
let h: Harness;
let patient: Client;
let otherPatient: Client;
let provider: Client;
let provider2: Client;
let admin: Client;
let northside: Client;
let patientId: string;

const page = { page: 1, pageSize: 20 };

beforeAll(async () => {
  h = await createHarness();
  patient = await h.signIn("patient@fizio.test");
  otherPatient = await h.signIn("paciente@fizio.test");
  provider = await h.signIn("provider@fizio.test");
  provider2 = await h.signIn("provider2@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  northside = await h.signIn("provider@northside.test");
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

describe("recordings list: filters, search and pages", () => {
  it("lists the patient's own newest first, in pages that know the total", async () => {
    const all = await patient.api.recordings.list(page);
    expect(all.total).toBe(33);
    const dates = all.items.map((r) => r.recordingDate.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await patient.api.recordings.list({ page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 33, page: 2, pageSize: 4 });
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(4, 8).map((r) => r.id));
  });

  it("filters by analysis status, activity and recording day", async () => {
    const completed = await patient.api.recordings.list({ ...page, status: "COMPLETED" });
    expect(completed.total).toBe(32);
    expect(completed.items.every((r) => r.overallAverageError !== null && r.hasAnnotatedVideo)).toBe(true);
    const failed = await patient.api.recordings.list({ ...page, status: "FAILED" });
    expect(failed.items).toMatchObject([{ analysisStatus: "FAILED", failureCode: "CORRUPT" }]);

    const groups = await patient.api.recordings.activities({});
    expect(groups.map((g) => g.name)).toEqual(["Mini squat"]);
    expect((await patient.api.recordings.list({ ...page, groupId: groups[0]!.id })).total).toBe(33);

    const today = todayIn("UTC");
    const lastWeek = await patient.api.recordings.list({ ...page, from: addDays(today, -7), to: today });
    expect(lastWeek.total).toBe(4);
    expect(
      (await patient.api.recordings.list({ ...page, from: addDays(today, -1), to: addDays(today, -1) }))
        .total,
    ).toBe(1);
    expect(
      (await failure(patient.api.recordings.list({ ...page, from: today, to: addDays(today, -1) }))).fiz,
    ).toBe("FIZ012");
  });

  it("searches by activity or patient name, from 3 characters", async () => {
    expect((await provider.api.recordings.list({ ...page, search: "squ" })).total).toBe(33);
    expect((await provider.api.recordings.list({ ...page, search: "morgan" })).total).toBe(33);
    expect((await provider.api.recordings.list({ ...page, search: "nothing like it" })).total).toBe(0);
    expect((await failure(provider.api.recordings.list({ ...page, search: "sq" }))).fiz).toBe("FIZ038");
  });
});

describe("recordings: who sees them", () => {
  it("shows the roster to its provider and the organisation to an admin, nobody else", async () => {
    expect((await provider.api.recordings.list({ ...page, patientId })).total).toBe(33);
    expect((await admin.api.recordings.list({ ...page, patientId })).total).toBe(33);
    expect((await otherPatient.api.recordings.list(page)).total).toBe(0);
    expect((await provider2.api.recordings.list(page)).total).toBe(0);
    expect((await northside.api.recordings.list(page)).total).toBe(0);
    expect((await failure(provider2.api.recordings.list({ ...page, patientId }))).fiz).toBe("FIZ109");
    expect((await failure(northside.api.recordings.list({ ...page, patientId }))).fiz).toBe("FIZ415");
    expect((await failure(otherPatient.api.recordings.list({ ...page, patientId }))).fiz).toBe("FIZ255");
  });

  it("refuses one recording to another patient (FIZ254), off the roster (FIZ109), another organisation (FIZ415)", async () => {
    const [first] = (await patient.api.recordings.list(page)).items;
    expect((await failure(otherPatient.api.recordings.get({ id: first!.id }))).fiz).toBe("FIZ254");
    expect((await failure(provider2.api.recordings.get({ id: first!.id }))).fiz).toBe("FIZ109");
    expect((await failure(northside.api.recordings.get({ id: first!.id }))).fiz).toBe("FIZ415");
  });

  it("hands out expiring URLs for the original and the annotated video with the results, and audits the read", async () => {
    const [latest] = (await provider.api.recordings.list({ ...page, patientId, status: "COMPLETED" })).items;
    const detail = await provider.api.recordings.get({ id: latest!.id });
    expect(detail.urls.original).toMatch(/X-Amz-Expires=1800/);
    expect(detail.urls.annotated).toMatch(/annotated\.mp4.*X-Amz-Expires=1800/);
    expect(detail.urlsExpireAt.getTime()).toBeGreaterThan(Date.now());
    expect(detail.analysisResult).toMatchObject({
      repCount: 5,
      joints: [{ joint: "KNEE" }, { joint: "HIP" }],
    });
    expect(detail.overallAverageError).toBe(detail.analysisResult!.overallAverageError);
    const reads = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, latest!.id), eq(schema.auditLog.action, "recordings.read")));
    expect(reads).toHaveLength(1);
  });
});

describe("recordings: joint progress over time", () => {
  it("gives one point per completed recording, oldest first, per joint, improving in the demo", async () => {
    const progress = await provider.api.recordings.jointProgress({ patientId });
    expect(progress.joints.map((j) => [j.key, j.tolerance])).toEqual([
      ["KNEE_LEFT", 10],
      ["HIP_LEFT", 15],
    ]);
    expect(progress.points).toHaveLength(32);
    const knee = progress.points.map((p) => p.errors.KNEE_LEFT);
    expect(knee.slice(-5)).toEqual([14.2, 12.6, 10.9, 9.4, 7.8]);
    // Better at every recording, from the first eight weeks ago.
    expect(knee.every((e, i) => i === 0 || e! < knee[i - 1]!)).toBe(true);
    const today = todayIn("UTC");
    const recent = await patient.api.recordings.jointProgress({ patientId, from: addDays(today, -5) });
    expect(recent.points.map((p) => p.errors.KNEE_LEFT)).toEqual([9.4, 7.8]);
  });

  it("is the patient's own or the roster's, and audited", async () => {
    expect((await failure(otherPatient.api.recordings.jointProgress({ patientId }))).fiz).toBe("FIZ255");
    expect((await failure(provider2.api.recordings.jointProgress({ patientId }))).fiz).toBe("FIZ109");
    expect((await failure(northside.api.recordings.jointProgress({ patientId }))).fiz).toBe("FIZ415");
    await admin.api.recordings.jointProgress({ patientId });
    const reads = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entityId, patientId), eq(schema.auditLog.action, "recordings.jointProgress")),
      );
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });
});
