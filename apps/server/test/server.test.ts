import { Writable } from "node:stream";
import { hashPassword } from "@fizio/api";
import { schema, seedDemo, writeAudit } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfigFromEnv } from "../src/config";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

let t: TestDatabase;
let server: FizioServer;
const logLines: string[] = [];
let storageUp = true;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
  // Written before the server starts: its start resumes sealing (the system jobs), not the next minute's run.
  await writeAudit(t.db, { action: "patients.read", entity: "patient", entityId: "before-start" });
  const config = serverConfigFromEnv(
    {
      AUTH_SECRET: "x".repeat(40),
      CV_FRAMES_PER_SECOND: "6",
      TEST_USERS: "true",
    },
    // The demo super admin signs in without enrolling a second factor, so the mailbox's own refusal shows.
    { twoFactorExemptEmails: ["superadmin@fizio.test"] },
  );
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await createServer({
    db: t.db,
    config,
    storage: {
      // Nothing here uploads; only the health probe is exercised.
      ...offlineStorage(),
      ping: async () => (storageUp ? undefined : Promise.reject(new Error("storage down"))),
    },
    logger: { level: "info", stream },
  });
  await server.app.ready();
});
afterAll(async () => {
  await server.stop();
  await t.drop();
});

const login = (body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/v1/auth.login",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify({ json: body }),
  });

describe("HTTP surface", () => {
  it("serves /config.json with the fields of spec §7", async () => {
    const res = await server.app.inject("/config.json");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cvFramesPerSecond: 6,
      testUsers: true,
      monitoring: { url: "", name: "" },
      captcha: { url: "", token: "" },
      charts: { url: "", name: "" },
      patientsOverviewStartDate: expect.any(String),
    });
  });

  it("reports health of Postgres and storage", async () => {
    expect((await server.app.inject("/health")).json()).toEqual({
      status: "ok",
      database: "ok",
      storage: "ok",
    });
    storageUp = false;
    const down = await server.app.inject("/health");
    storageUp = true;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ database: "ok", storage: "unavailable" });
  });

  it("signs in over HTTP with an HttpOnly cookie and records the UI location", async () => {
    const res = await login(
      { email: "admin@fizio.test", password: "Fizio#2026" },
      { "x-ui-location": "Login · Fizio" },
    );
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((c) => String(c).includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(logLines.some((l) => l.includes('"uiLocation":"Login · Fizio"'))).toBe(true);
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("sends FIZ codes for bad input and wrong credentials, never a 500", async () => {
    const bad = await login({ email: "nope", password: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.json.data).toMatchObject({ fiz: "FIZ036", fieldErrors: expect.any(Array) });
    const garbage = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth.login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(garbage.statusCode).toBeLessThan(500);
    const wrong = await login({ email: "admin@fizio.test", password: "Wrong#pass1" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.json.data.fiz).toBe("FIZ258");
  });

  it("starts for production without SMTP with no dev mailbox, and warns that emails stay in the outbox", async () => {
    expect(serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40) }).api.devMailbox).toBe(false);
    const warning = logLines.map((l) => JSON.parse(l)).find((l) => /SMTP_URL is not set/.test(l.msg));
    expect(warning?.level).toBe(40);
    const res = await login({ email: "superadmin@fizio.test", password: "Fizio#2026" });
    const cookie = [res.headers["set-cookie"]]
      .flat()
      .map((c) => String(c).split(";")[0])
      .join("; ");
    const mailbox = await server.app.inject({ url: "/api/v1/dev.mailbox", headers: { cookie } });
    expect(mailbox.statusCode).toBe(403);
    expect(mailbox.json().error.json.data.fiz).toBe("FIZ413");
  });

  it("answers unknown API paths with 404 and unknown pages without a web build with 404", async () => {
    expect((await server.app.inject("/api/v1/nope.nothing")).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: "/somewhere", headers: { accept: "text/html" } })).statusCode,
    ).toBe(404);
  });
});

describe("system jobs", () => {
  it("seal the audit rows written before the start at once, not at the next minute's run", async () => {
    const sealed = async () =>
      (
        await t.db.execute(
          sql`select 1 from audit_log a join audit_seals s on s.audit_id = a.id where a.entity_id = 'before-start'`,
        )
      ).rows.length;
    await expect.poll(sealed, { timeout: 10_000 }).toBe(1);
  });
});

describe("oversized requests", () => {
  it("answers a 10 MB booking name with a FIZ error and books nothing", async () => {
    const before = await t.db.$count(schema.events);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/calendar.public.book",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        json: {
          calendarId: "abcdefghijklmnopqrstuv",
          timeZone: "Pacific/Honolulu",
          startOn: "2030-01-01T10:00:00Z",
          name: "x".repeat(10 * 1024 * 1024),
          email: "a@example.com",
          phone: "5551234567",
        },
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.json.data.fiz).toBe("FIZ003");
    expect(await t.db.$count(schema.events)).toBe(before);
  });
});
