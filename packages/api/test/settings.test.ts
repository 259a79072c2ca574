import { findUserByEmail } from "@fizio/db";
import { DEFAULT_ORGANIZATION_SETTINGS, type OrganizationSettingsInput } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorData } from "../src/errors";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { readyGroup, squat } from "./media";

let h: Harness;
let admin: Client;
let provider: Client;
let northsideAdmin: Client;
const id = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;
const MB = 1024 * 1024;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
  provider = await h.signIn("provider@fizio.test");
  northsideAdmin = await h.signInOtherOrganizationAdmin();
});
afterAll(() => h.t.drop());

/** Each test starts from the defaults, changing only what it is about. */
const save = (change: Partial<OrganizationSettingsInput>) =>
  admin.api.settings.update({ ...DEFAULT_ORGANIZATION_SETTINGS, ...change });
beforeEach(async () => {
  await save({});
});

describe("settings (/settings)", () => {
  it("start at today's constants, and only admins read or change them (FIZ413)", async () => {
    expect(await admin.api.settings.get()).toEqual({ ...DEFAULT_ORGANIZATION_SETTINGS, logoUrl: null });
    expect(await failure(provider.api.settings.get())).toEqual({ fiz: "FIZ413", code: "FORBIDDEN" });
    expect((await failure(provider.api.settings.update(DEFAULT_ORGANIZATION_SETTINGS))).fiz).toBe("FIZ413");
    // Everyone in the organisation works by them.
    const patient = await h.signIn("patient@fizio.test");
    expect((await patient.api.settings.current()).recordingMaxMb).toBe(1024);
  });

  it("validates every value and changes nothing when one is wrong", async () => {
    const bad = await admin.api.settings
      .update({ ...DEFAULT_ORGANIZATION_SETTINGS, timeZone: "Mars/Olympus", minSupportVideos: 0 })
      .catch((e) => errorData(e));
    expect(bad).toMatchObject({
      fiz: "FIZ002",
      fieldErrors: [
        { path: "timeZone", code: "FIZ002" },
        { path: "minSupportVideos", code: "FIZ010" },
      ],
    });
    expect((await admin.api.settings.get()).timeZone).toBe("America/New_York");
  });

  it("audits a change as a setting change in the system log, and leaves another organisation's alone", async () => {
    await save({ timeZone: "Pacific/Honolulu", reminderLeadMinutes: 120 });
    const [row] = (await auditTrail(h, "settings.update")).slice(-1);
    expect(row).toMatchObject({ actorEmail: "admin@fizio.test", entity: "organization" });
    const log = await admin.api.audit.systemLog({ kind: "SETTINGS", page: 1, pageSize: 50 });
    expect(log.items.find((i) => i.action === "settings.update")?.details).toEqual({
      changed: ["timeZone", "reminderLeadMinutes"],
    });
    expect((await northsideAdmin.api.settings.get()).timeZone).toBe("America/New_York");
    const theirs = await northsideAdmin.api.audit.systemLog({ kind: "SETTINGS", page: 1, pageSize: 50 });
    expect(theirs.items.some((i) => i.action === "settings.update")).toBe(false);
  });
});

describe("the app reads the organisation's settings", () => {
  it("refuses an upload over the organisation's limit or in a format it does not take", async () => {
    const group = await provider.api.videos.groups.create({ ...squat, name: "Limit squat" });
    const upload = {
      kind: "REFERENCE_VIDEO",
      groupId: group.id,
      orientation: "PORTRAIT",
      fileName: "squat.mp4",
    } as const;
    await save({ referenceVideoMaxMb: 20, videoExtensions: ["mp4", "webm"] });
    const tooBig = await provider.api.uploads.start({ ...upload, size: 21 * MB }).catch((e) => errorData(e));
    expect(tooBig).toMatchObject({ fiz: "FIZ057", params: { maxMb: 20 } });
    expect(
      (await failure(provider.api.uploads.start({ ...upload, fileName: "squat.mov", size: MB }))).fiz,
    ).toBe("FIZ056");
    // Northside keeps the default limit.
    expect((await northsideAdmin.api.settings.current()).referenceVideoMaxMb).toBe(500);
  });

  it("counts a group ready only with the organisation's minimum of support videos", async () => {
    const { group: created } = await readyGroup(h, provider.api, "Settings squat");
    const group = await provider.api.videos.groups.get({ id: created.id });
    expect(group.readiness).toMatchObject({ ready: true, readyCount: 1, minimum: 1 });
    await save({ minSupportVideos: 4 });
    const strict = await provider.api.videos.groups.get({ id: group.id });
    expect(strict.readiness).toMatchObject({ ready: false, minimum: 4 });
  });

  it("moves the clinic's day with the time zone", async () => {
    const patientId = await id("paciente@fizio.test");
    await save({ timeZone: "Pacific/Kiritimati" });
    const ahead = (await admin.api.billing.feeAdjustments.list({ patientId })).today;
    await save({ timeZone: "Pacific/Pago_Pago" });
    const behind = (await admin.api.billing.feeAdjustments.list({ patientId })).today;
    // UTC+14 and UTC-11 are always a calendar day (or two) apart.
    expect(ahead > behind).toBe(true);
  });

  it("queues an appointment's reminder the organisation's lead time before it", async () => {
    await save({ reminderLeadMinutes: 90 });
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [await id("provider@fizio.test")],
      patientId: await id("patient@fizio.test"),
      serviceCode: "97110",
      startOn: start,
      endOn: new Date(start.getTime() + 45 * 60_000),
    });
    const [job] = (
      await h.t.db.execute(
        sql`select run_at from graphile_worker.jobs where key = ${`send_event_reminder:${eventId}`}`,
      )
    ).rows as { run_at: Date }[];
    expect(new Date(job!.run_at).getTime()).toBe(start.getTime() - 90 * 60_000);
    // A reminder already queued moves when the lead time changes.
    await save({ reminderLeadMinutes: 30 });
    const [moved] = (
      await h.t.db.execute(
        sql`select run_at from graphile_worker.jobs where key = ${`send_event_reminder:${eventId}`}`,
      )
    ).rows as { run_at: Date }[];
    expect(new Date(moved!.run_at).getTime()).toBe(start.getTime() - 30 * 60_000);
  });

  it("gives a new user the organisation's default language", async () => {
    await save({ defaultLanguage: "SPANISH" });
    const created = await admin.api.users.create({
      role: "ROLE_PROVIDER",
      email: "nueva@fizio.test",
      firstName: "Nueva",
      lastName: "Terapeuta",
      location: "Main clinic",
    });
    expect((await findUserByEmail(h.t.db, "nueva@fizio.test"))!.preferredLanguage).toBe("SPANISH");
    expect((await admin.api.users.get({ userId: created.id })).preferredLanguage).toBe("SPANISH");
  });
});

describe("the logo", () => {
  it("uploads through storage, shows for the organisation only, and refuses other files", async () => {
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db40000000049454e44ae426082",
      "hex",
    );
    expect(
      (
        await failure(
          admin.api.settings.startLogoUpload({ contentType: "image/gif" as "image/png", size: 10 }),
        )
      ).fiz,
    ).toBe("FIZ056");
    expect(
      (await failure(admin.api.settings.startLogoUpload({ contentType: "image/png", size: 2 * MB }))).fiz,
    ).toBe("FIZ057");
    const started = await admin.api.settings.startLogoUpload({ contentType: "image/png", size: png.length });
    const put = await fetch(started.url, { method: "PUT", body: png });
    expect(put.ok).toBe(true);
    const etag = (put.headers.get("etag") ?? "").replaceAll('"', "");
    // A key of another organisation is not Northside's to finish.
    expect((await failure(northsideAdmin.api.settings.completeLogoUpload({ ...started, etag }))).fiz).toBe(
      "FIZ415",
    );
    const saved = await admin.api.settings.completeLogoUpload({ ...started, etag });
    expect(saved.logoUrl).toMatch(/^http/);
    const image = await fetch(saved.logoUrl!);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await provider.api.settings.current()).logoUrl).toMatch(/^http/);
    expect((await northsideAdmin.api.settings.current()).logoUrl).toBeNull();
    expect((await auditTrail(h, "settings.logo")).length).toBe(1);
    expect((await admin.api.settings.removeLogo()).logoUrl).toBeNull();
  });
});
