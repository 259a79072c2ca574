import { type SessionUserRow, schema } from "@fizio/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createContext } from "../src";
import { SESSION_CACHE_TTL_MS, SessionCache } from "../src/auth/session-cache";
import { lookupSessionUser } from "../src/session-user";
import { type Client, createHarness, failure, failureData, type Harness } from "./harness";

/** A trigger's notice drops a session in well under a second; this bound holds on a busy machine, far inside the TTL. */
const NOTICE_WITHIN_MS = Math.min(5_000, SESSION_CACHE_TTL_MS / 4);

const session = (userId: string) => ({ userId, sessionId: `session-of-${userId}`, lastActiveAt: 0 });

describe("SessionCache", () => {
  const at = (ms: number) => () => ms;

  it("trusts a checked session for the TTL, never past the session's own expiry", () => {
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 5_000, now: () => now });
    cache.set("a", session("user-1"), new Date(100_000));
    cache.set("b", session("user-2"), new Date(3_000));
    now = 2_999;
    expect([cache.get("a")?.userId, cache.get("b")?.userId]).toEqual(["user-1", "user-2"]);
    now = 3_000;
    expect([cache.get("a")?.userId, cache.get("b")]).toEqual(["user-1", undefined]);
    now = 5_999;
    expect(cache.get("a")?.userId).toBe("user-1");
    now = 6_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("asks one request to check a session again once 50-90 % of the TTL has passed, the others meanwhile use it", () => {
    let now = 0;
    const cache = new SessionCache({ ttlMs: 10_000, now: () => now });
    const renewals: number[] = [];
    for (let n = 0; n < 200; n++) cache.set(`cookie-${n}`, session(`user-${n}`), new Date(100_000));
    for (now = 0; now < 10_000; now += 10)
      for (let n = 0; n < 200; n++) if (cache.get(`cookie-${n}`)?.renew) renewals.push(now);
    // Each session once, and not all at once: cached together, they are checked again over four seconds.
    expect(renewals).toHaveLength(200);
    expect(Math.min(...renewals)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...renewals)).toBeLessThanOrEqual(9_010);
    const firstSecond = renewals.filter((at) => at < Math.min(...renewals) + 1_000).length;
    expect(firstSecond).toBeLessThan(120);
    // Until it lapses, the cached check still stands for the others; renewed, it stands a TTL from then.
    now = 9_990;
    expect(cache.get("cookie-0")).toMatchObject({ userId: "user-0", renew: false });
    cache.set("cookie-0", session("user-0"), new Date(100_000));
    now = 10_000;
    expect([cache.get("cookie-0")?.userId, cache.get("cookie-1")]).toEqual(["user-0", undefined]);
  });

  it("forgets one cookie, or every session of a user", () => {
    const cache = new SessionCache({ now: at(0) });
    const later = new Date(60_000);
    cache.set("a", session("user-1"), later);
    cache.set("b", session("user-1"), later);
    cache.set("c", session("user-2"), later);
    cache.forget("c");
    expect(cache.get("c")).toBeUndefined();
    cache.forgetUser("user-1");
    expect([cache.get("a"), cache.get("b"), cache.size]).toEqual([undefined, undefined, 0]);
  });

  it("keeps a session, or its user, only when nothing was forgotten while it was read", () => {
    const cache = new SessionCache({ now: at(0) });
    const later = new Date(60_000);
    const user = { user: { id: "user-1" }, acceptedTerms: true } as unknown as SessionUserRow;
    // A notice about some user arrives while "a" is being checked: what the check read may be what it was about.
    let version = cache.version;
    cache.forgetUser("user-2");
    cache.set("a", session("user-1"), later, version);
    expect(cache.get("a")).toBeUndefined();
    version = cache.version;
    cache.set("a", session("user-1"), later, version);
    cache.setUser("a", user, version);
    expect(cache.get("a")?.user).toBe(user);
    // Its own write: the session stands, the user is read again.
    cache.forgetUserOf("a");
    expect(cache.get("a")).toEqual({ ...session("user-1"), user: undefined, renew: false });
    version = cache.version;
    cache.forget("b");
    cache.setUser("a", user, version);
    expect(cache.get("a")?.user).toBeUndefined();
  });

  it("drops the oldest checked sessions beyond its size", () => {
    const cache = new SessionCache({ maxEntries: 2, now: at(0) });
    const later = new Date(60_000);
    cache.set("a", session("user-1"), later);
    cache.set("b", session("user-2"), later);
    cache.set("a", session("user-1"), later);
    cache.set("c", session("user-3"), later);
    expect([cache.get("a")?.userId, cache.get("b"), cache.get("c")?.userId]).toEqual([
      "user-1",
      undefined,
      "user-3",
    ]);
  });
});

describe("the session cache in the API", () => {
  let h: Harness;
  let admin: Client;
  beforeAll(async () => {
    h = await createHarness();
    admin = await h.signIn("admin@fizio.test");
  });
  afterAll(() => h.t.drop());

  /**
   * A new provider of the demo organisation, signed in, their session cached: by their first request, or the
   * next once the process is listening for revocations (nothing is cached before).
   */
  async function signedInProvider(name: string) {
    const email = `${name}@fizio.test`;
    const id = await h.addUser("admin@fizio.test", {
      role: "ROLE_PROVIDER",
      email,
      firstName: name,
      lastName: "Cache",
    });
    const client = await h.signIn(email);
    const cookie = client.jar.get("fizio.session_token")!;
    await expect
      .poll(async () => {
        await client.api.messages.unreadCount();
        return h.services.sessions.cache.get(cookie)?.userId;
      })
      .toBe(id);
    return { id, client, cookie };
  }

  it("asks better-auth once for a session used again within the TTL", async () => {
    const { client } = await signedInProvider("repeat");
    const getSession = vi.spyOn(h.services.auth.api, "getSession");
    try {
      await client.api.messages.unreadCount();
      await client.api.messages.unreadCount();
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  /** Runs `body` with the clock moved on (Date only: timers and the database run as ever). */
  async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
    try {
      return await body();
    } finally {
      vi.useRealTimers();
    }
  }
  /** Past any session's renewal point (50-90 % of the TTL), short of its lapse with seconds to spare. */
  const DUE = 0.93 * SESSION_CACHE_TTL_MS;

  it("has one request of a session due for renewal check it again, while the others use the cached check", async () => {
    const { client, cookie } = await signedInProvider("renewal");
    const getSession = vi.spyOn(h.services.auth.api, "getSession");
    try {
      await later(DUE, async () => {
        await Promise.all([1, 2, 3].map(() => client.api.messages.unreadCount()));
        expect(getSession).toHaveBeenCalledTimes(1);
        // Renewed: trusted a TTL from now, the next renewal a while off.
        expect(h.services.sessions.cache.get(cookie)).toMatchObject({ renew: false });
        await client.api.messages.unreadCount();
        expect(getSession).toHaveBeenCalledTimes(1);
      });
    } finally {
      getSession.mockRestore();
    }
  });

  it("refuses at its renewal a session deleted where no notice reached this process", async () => {
    const { id, client, cookie } = await signedInProvider("unheard");
    // Triggers off for this one statement: as if the notice were lost in flight.
    await h.t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(schema.sessions).where(eq(schema.sessions.userId, id));
    });
    // The TTL is the bound on a lost notice: until the renewal, the cached check stands.
    await client.api.messages.unreadCount();
    await later(DUE, async () => {
      expect(await failure(client.api.messages.unreadCount())).toMatchObject({ fiz: "FIZ408" });
      expect(h.services.sessions.cache.get(cookie)).toBeUndefined();
    });
  });

  it("refuses a signed-out session at once, even replayed with its old cookie", async () => {
    const { client } = await signedInProvider("signout");
    const replay = h.client();
    for (const [name, value] of client.jar) replay.jar.set(name, value);
    await client.api.auth.logout();
    expect(await failure(replay.api.messages.unreadCount())).toMatchObject({ fiz: "FIZ408" });
  });

  it("refuses a user disabled by an admin at their next request", async () => {
    const { id, client } = await signedInProvider("disabled");
    await admin.api.users.disable({ userId: id });
    expect(await failure(client.api.messages.unreadCount())).toMatchObject({ fiz: "FIZ408" });
  });

  /** Waits for the trigger's notice to drop a cached session: well before the TTL would have. */
  async function untilForgotten(cookie: string) {
    const changed = Date.now();
    await expect
      .poll(() => h.services.sessions.cache.get(cookie), { timeout: NOTICE_WITHIN_MS, interval: 10 })
      .toBeUndefined();
    expect(Date.now() - changed).toBeLessThan(NOTICE_WITHIN_MS);
  }

  it("reads a session's user once within the TTL, and again after the session's own write", async () => {
    const { client, cookie } = await signedInProvider("reader");
    await client.api.messages.unreadCount();
    const cached = h.services.sessions.cache.get(cookie)?.user;
    expect(cached?.user.email).toBe("reader@fizio.test");
    await client.api.messages.unreadCount();
    expect(h.services.sessions.cache.get(cookie)?.user).toBe(cached);
    // Any write of its own, even one its input refuses.
    expect(await failure(client.api.profile.update({} as never))).toMatchObject({ code: "BAD_REQUEST" });
    expect(h.services.sessions.cache.get(cookie)?.user).toBeUndefined();
  });

  it("keeps the user a write read as stored when that write cannot change them (an activity session's start)", async () => {
    const patient = await h.signIn("patient@fizio.test");
    const cookie = patient.jar.get("fizio.session_token")!;
    await expect
      .poll(async () => {
        await patient.api.messages.unreadCount();
        return h.services.sessions.cache.get(cookie)?.user;
      })
      .toBeDefined();
    const before = h.services.sessions.cache.get(cookie)?.user;
    await patient.api.activitySessions.start({});
    const kept = h.services.sessions.cache.get(cookie)?.user;
    // The write's own fresh read, kept for the session's next request.
    expect(kept?.user.email).toBe("patient@fizio.test");
    expect(kept).not.toBe(before);
  });

  it("gives the requests of a cached session one lookup, frozen so that none can change it for the others", async () => {
    const { cookie } = await signedInProvider("shared");
    const request = () =>
      createContext(h.services, {
        headers: new Headers({ cookie: `fizio.session_token=${cookie}` }),
        ip: "10.0.0.9",
        requestId: "shared",
        setCookies: () => undefined,
      });
    const first = await lookupSessionUser(request());
    expect(first?.user.email).toBe("shared@fizio.test");
    expect(await lookupSessionUser(request())).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.user)).toBe(true);
    // A write's own read is fresh: its lookup is its own.
    expect(await lookupSessionUser(request(), true)).not.toBe(first);
  });

  it("refuses a user disabled or deleted in the database as soon as the users trigger's notice arrives", async () => {
    const disabled = await signedInProvider("flagged");
    await h.t.db.update(schema.users).set({ disabled: true }).where(eq(schema.users.id, disabled.id));
    await untilForgotten(disabled.cookie);
    // Refusals of the caller's own account: the client ends the session on them (endsSession).
    expect(await failureData(disabled.client.api.messages.unreadCount())).toMatchObject({
      fiz: "FIZ259",
      endsSession: true,
    });
    const deleted = await signedInProvider("removed");
    await h.t.db.update(schema.users).set({ deletedAt: new Date() }).where(eq(schema.users.id, deleted.id));
    await untilForgotten(deleted.cookie);
    expect(await failureData(deleted.client.api.messages.unreadCount())).toMatchObject({
      fiz: "FIZ204",
      endsSession: true,
    });
  });

  it("forgets a user whose terms, cards or organisations change anywhere (their tables' triggers)", async () => {
    const { id, cookie } = await signedInProvider("facts");
    const [other] = await h.t.db.select({ id: schema.organizations.id }).from(schema.organizations).limit(1);
    await h.t.db.insert(schema.organizationAssignments).values({ userId: id, organizationId: other!.id });
    await untilForgotten(cookie);
    const again = await signedInProvider("facts-terms");
    await h.t.db.insert(schema.termsAcceptances).values({ userId: again.id, version: "test" });
    await untilForgotten(again.cookie);
    const card = await signedInProvider("facts-card");
    await h.t.db.insert(schema.paymentCards).values({
      organizationId: other!.id,
      patientId: card.id,
      paymentMethodId: "pm_cache_test",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2099,
    });
    await untilForgotten(card.cookie);
  });

  it("forgets a session another server deleted when the sessions trigger's notice arrives", async () => {
    const { id, client, cookie } = await signedInProvider("elsewhere");
    const deleted = Date.now();
    // As another server's sign-out would: only the notice reaches this process.
    await h.t.db.delete(schema.sessions).where(eq(schema.sessions.userId, id));
    await expect
      .poll(() => h.services.sessions.cache.get(cookie), { timeout: NOTICE_WITHIN_MS, interval: 10 })
      .toBeUndefined();
    // Well before the TTL would have dropped it.
    expect(Date.now() - deleted).toBeLessThan(NOTICE_WITHIN_MS);
    expect(await failure(client.api.messages.unreadCount())).toMatchObject({ fiz: "FIZ408" });
  });
});
