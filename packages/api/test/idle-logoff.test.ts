import { findUserByEmail, SESSION_REVOKED_CHANNEL, schema } from "@fizio/db";
import { DEFAULT_ORGANIZATION_SETTINGS } from "@fizio/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgListener } from "../src/events/pg-listener";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

/** The client's sessions (one per sign-in), newest first. */
async function sessionsOf(email: string) {
  const user = (await findUserByEmail(h.t.db, email))!;
  return h.t.db
    .select()
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, user.id))
    .orderBy(sql`created_at desc`);
}

/**
 * Time passes for every session of the user: their last activity is moved back. This server's cached checks are
 * dropped as a restart would (moving only this column back notifies no server, as recording activity does not).
 */
async function idleFor(email: string, minutes: number) {
  const user = (await findUserByEmail(h.t.db, email))!;
  await h.t.db
    .update(schema.sessions)
    .set({ lastActiveAt: minutesAgo(minutes) })
    .where(eq(schema.sessions.userId, user.id));
  h.services.sessions.cache.clear();
}

describe("automatic log-off after inactivity (issue 49)", () => {
  it("refuses a staff session idle past 15 minutes with FIZ290, revokes it and audits the log-off", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const [session] = await sessionsOf("provider@fizio.test");
    await idleFor("provider@fizio.test", 16);
    expect(await failure(provider.api.messages.unreadCount())).toEqual({
      fiz: "FIZ290",
      code: "UNAUTHORIZED",
    });
    // Revoked on the server, not only refused: the row is gone and the cookie was cleared.
    expect((await sessionsOf("provider@fizio.test")).some((s) => s.id === session!.id)).toBe(false);
    expect(provider.jar.size).toBe(0);
    expect((await auditTrail(h, "auth.idleLogoff")).at(-1)).toMatchObject({
      actorEmail: "provider@fizio.test",
      entity: "session",
      entityId: session!.id,
    });
    expect(await failure(provider.api.messages.unreadCount())).toMatchObject({ fiz: "FIZ408" });
  });

  it("keeps a session used within its limit: 14 idle minutes for staff, 29 for a patient", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const patient = await h.signIn("patient@fizio.test");
    await idleFor("provider@fizio.test", 14);
    await idleFor("patient@fizio.test", 29);
    await expect(provider.api.messages.unreadCount()).resolves.toHaveProperty("count");
    await expect(patient.api.messages.unreadCount()).resolves.toHaveProperty("count");
    await idleFor("patient@fizio.test", 31);
    expect((await failure(patient.api.messages.unreadCount())).fiz).toBe("FIZ290");
  });

  it("counts the organisation's setting for the role", async () => {
    const admin = await h.signIn("admin@fizio.test");
    await admin.api.settings.update({ ...DEFAULT_ORGANIZATION_SETTINGS, staffIdleMinutes: 5 });
    try {
      const provider = await h.signIn("provider@fizio.test");
      const patient = await h.signIn("patient@fizio.test");
      await idleFor("provider@fizio.test", 6);
      await idleFor("patient@fizio.test", 6);
      expect((await failure(provider.api.messages.unreadCount())).fiz).toBe("FIZ290");
      await expect(patient.api.messages.unreadCount()).resolves.toHaveProperty("count");
    } finally {
      const again = await h.signIn("admin@fizio.test");
      await again.api.settings.update(DEFAULT_ORGANIZATION_SETTINGS);
    }
  });

  it("refuses an idle limit outside 2-480 minutes", async () => {
    const admin = await h.signIn("admin@fizio.test");
    const save = (minutes: number) =>
      admin.api.settings.update({ ...DEFAULT_ORGANIZATION_SETTINGS, patientIdleMinutes: minutes });
    expect((await failure(save(1))).fiz).toBe("FIZ010");
    expect((await failure(save(481))).fiz).toBe("FIZ009");
    expect((await admin.api.settings.get()).patientIdleMinutes).toBe(30);
  });

  it("a heartbeat (a recording or visit under way, input in any tab) keeps the session alive", async () => {
    const patient = await h.signIn("patient@fizio.test");
    await idleFor("patient@fizio.test", 28);
    const before = Date.now();
    const beat = await patient.api.auth.activity();
    expect(beat.idleMinutes).toBe(30);
    expect(beat.remainingMs).toBeGreaterThan(29 * 60_000);
    const [session] = await sessionsOf("patient@fizio.test");
    expect(session!.lastActiveAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // Another heartbeat at once is not written again (at most twice a minute).
    const again = await patient.api.auth.activity();
    expect(again.remainingMs).toBeLessThanOrEqual(beat.remainingMs);
    await idleFor("patient@fizio.test", 29);
    await expect(patient.api.messages.unreadCount()).resolves.toHaveProperty("count");
  });

  it("writes activity without a notice to the session caches; any other change to a session still notifies", async () => {
    const patient = await h.signIn("patient@fizio.test");
    const { id: userId } = (await findUserByEmail(h.t.db, "patient@fizio.test"))!;
    await idleFor("patient@fizio.test", 5);
    const notices: string[] = [];
    let expiryNoticed: () => void = () => {};
    const noticed = new Promise<void>((resolve) => {
      expiryNoticed = resolve;
    });
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const listener = new PgListener(
      h.t.db,
      SESSION_REVOKED_CHANNEL,
      {
        onNotify: (payload) => {
          notices.push(payload);
          if (notices.length === 1) expiryNoticed();
        },
        onReconnect: () => {},
        onDropped: () => {},
      },
      silent,
    );
    try {
      await listener.ready();
      await patient.api.auth.activity();
      // Notices arrive in commit order: once the expiry change's is heard, the activity's would have been.
      await h.t.db
        .update(schema.sessions)
        .set({ expiresAt: new Date(Date.now() + 86_400_000) })
        .where(eq(schema.sessions.userId, userId));
      await noticed;
      expect(notices).toEqual([userId]);
    } finally {
      await listener.close();
    }
  });
});

describe("Profile → Security: the user's sessions", () => {
  let laptop: Client;
  let phone: Client;

  beforeAll(async () => {
    await h.t.db.delete(schema.sessions);
    h.services.sessions.cache.clear();
    laptop = await h.signIn("provider2@fizio.test");
    phone = await h.signIn("provider2@fizio.test");
    await h.signIn("patient@fizio.test");
  });

  it("lists only the caller's own sessions, this one marked", async () => {
    const list = await laptop.api.profile.sessions.list();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const own = new Set((await sessionsOf("provider2@fizio.test")).map((s) => s.id));
    expect(list.every((s) => own.has(s.id))).toBe(true);
    expect(list[0]).toHaveProperty("ipAddress");
    expect(list[0]).toHaveProperty("lastActiveAt");
    expect((await auditTrail(h, "profile.sessions.list")).at(-1)?.actorEmail).toBe("provider2@fizio.test");
  });

  it("refuses to sign out another user's session (FIZ415), which stands", async () => {
    const [patientSession] = await sessionsOf("patient@fizio.test");
    const refused = await failure(laptop.api.profile.sessions.revoke({ sessionId: patientSession!.id }));
    expect(refused).toEqual({ fiz: "FIZ415", code: "FORBIDDEN" });
    expect((await sessionsOf("patient@fizio.test")).map((s) => s.id)).toContain(patientSession!.id);
  });

  it("signs out one of the caller's sessions, then every other, audited", async () => {
    const other = (await laptop.api.profile.sessions.list()).find((s) => !s.current)!;
    await laptop.api.profile.sessions.revoke({ sessionId: other.id });
    expect((await failure(phone.api.messages.unreadCount())).fiz).toBe("FIZ408");
    expect((await auditTrail(h, "profile.sessions.revoke")).at(-1)).toMatchObject({
      actorEmail: "provider2@fizio.test",
      entityId: other.id,
    });
    const tablet = await h.signIn("provider2@fizio.test");
    expect(await laptop.api.profile.sessions.revokeOthers()).toEqual({ ended: 1 });
    expect((await failure(tablet.api.messages.unreadCount())).fiz).toBe("FIZ408");
    expect(await laptop.api.profile.sessions.list()).toHaveLength(1);
    expect((await auditTrail(h, "profile.sessions.revokeOthers")).length).toBe(1);
  });
});
