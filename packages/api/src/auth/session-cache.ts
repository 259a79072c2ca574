import { type Db, SESSION_REVOKED_CHANNEL, type SessionUserRow } from "@fizio/db";
import type { Logger } from "../context";
import { PgListener } from "../events/pg-listener";

/**
 * How long a session better-auth has checked is trusted without checking it again, and its user as last read. Any
 * change to a user (disabled, deleted, role, terms, cards, organisations) reaches every server as a notice from a
 * trigger and drops their sessions here; this is the bound should a notice be missed (nothing is cached while the
 * LISTEN connection is down, so only one lost in flight), and a write reads its user as stored all the same. Half a
 * minute covers a user's run of pages: at 5 s most of a real user's requests came after their entry had lapsed and
 * paid better-auth's cookie check and three queries again (bench:api at 500 requests/s, alternated: server CPU a
 * request 2.27, 2.10, 2.16 → 2.10, 2.05, 2.00 ms, with its 60 users each asking several times a second).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/**
 * A session in use is checked again by one of its requests once 50-90 % of the TTL has passed, while the others go on
 * with the cached check until it lapses. Sessions cached together (every active user's first request after a restart
 * or deploy) otherwise all lapsed in the same few seconds a TTL later, each checked again by every request that came
 * while its check ran: in bench:api, 80-100 checks in 9 s, where requests over 50 ms came 2.6 times as often as in
 * the run's other seconds (0.8 times with the spread renewals, over 8 alternated runs each).
 */
const RENEW_FROM = 0.5;
const RENEW_SPREAD = 0.4;
/** Beyond this many sessions the oldest checked is dropped first (a Map iterates in insertion order). */
const MAX_ENTRIES = 20_000;

/** A checked session: whose it is, and which (the organisation it works in is kept on the session row). */
export interface CachedSession {
  userId: string;
  sessionId: string;
  /** The user as this session last read them, with the gates' facts; absent until read, or after a write. */
  user?: SessionUserRow;
  /** This request is the one to check the session again (its entry is due for renewal); the others use it meanwhile. */
  renew?: boolean;
  /** The session's last activity as stored when checked, or as this process last wrote it (ms). */
  lastActiveAt: number;
}

interface Entry extends CachedSession {
  /** Until when the cached check stands: the TTL, or the session's own expiry when sooner. */
  until: number;
  /** From when a request is asked to check it again; past once one has been asked. */
  renewAt: number;
}

/**
 * Checked sessions by their signed cookie value (only better-auth can have produced one, so a forged or altered
 * cookie never matches), so a request of a session seen in the last seconds skips better-auth's cookie signature
 * check and the session and user reads. Forgotten at once on sign-out here, and on any server when a trigger on
 * the sessions table notifies a user's session deleted or changed.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts forgettings: a read that began before one may have read what was forgotten, and is not kept. */
  private forgotten = 0;

  constructor(private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Taken before reading what is to be cached, and given back with it (see `set`). */
  get version(): number {
    return this.forgotten;
  }

  /** The session the cookie value is, while the check stands; the first request once it is due is asked to renew it. */
  get(cookie: string): CachedSession | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until <= now) {
      this.entries.delete(cookie);
      return undefined;
    }
    const renew = entry.renewAt <= now;
    if (renew) entry.renewAt = Number.POSITIVE_INFINITY;
    return {
      userId: entry.userId,
      sessionId: entry.sessionId,
      user: entry.user,
      renew,
      lastActiveAt: entry.lastActiveAt,
    };
  }

  /**
   * Keeps a session checked since `version` was taken, unless something was forgotten meanwhile: that notice may
   * have been about what the check read, and keeping it would outlive the notice.
   */
  set(cookie: string, session: CachedSession, sessionExpiresAt: Date, version = this.forgotten): void {
    if (version !== this.forgotten) return;
    const ttl = this.options.ttlMs ?? SESSION_CACHE_TTL_MS;
    const now = this.now();
    const until = Math.min(now + ttl, sessionExpiresAt.getTime());
    const renewAt = now + ttl * (RENEW_FROM + RENEW_SPREAD * Math.random());
    this.entries.delete(cookie);
    this.entries.set(cookie, {
      userId: session.userId,
      sessionId: session.sessionId,
      lastActiveAt: session.lastActiveAt,
      until,
      renewAt,
    });
    const max = this.options.maxEntries ?? MAX_ENTRIES;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= max) break;
      this.entries.delete(oldest);
    }
  }

  /** Keeps the session's user as read since `version` was taken, on the same terms as `set`. */
  setUser(cookie: string, user: SessionUserRow, version: number): void {
    const entry = this.entries.get(cookie);
    if (entry && version === this.forgotten) entry.user = user;
  }

  /** The session's activity as just written or read (only this column changing notifies no server). */
  setLastActive(cookie: string, lastActiveAt: number): void {
    const entry = this.entries.get(cookie);
    if (entry) entry.lastActiveAt = Math.max(entry.lastActiveAt, lastActiveAt);
  }

  /** The session stands, its user is read again: after its own write, which may have changed them. */
  forgetUserOf(cookie: string): void {
    const entry = this.entries.get(cookie);
    if (entry) entry.user = undefined;
  }

  forget(cookie: string): void {
    this.forgotten++;
    this.entries.delete(cookie);
  }

  forgetUser(userId: string): void {
    this.forgotten++;
    for (const [cookie, entry] of this.entries) if (entry.userId === userId) this.entries.delete(cookie);
  }

  clear(): void {
    this.forgotten++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface SessionCacheService {
  cache: SessionCache;
  /** Whether sessions may be cached now: only while this process hears revocations from the others. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * The process's session cache, wired to the revocation notices. LISTEN opens with the first signed-in request; until
 * it is active, and after it drops until it is back (then everything is forgotten), nothing is cached.
 */
export function createSessionCache(db: Db, log: Logger, options?: { ttlMs?: number }): SessionCacheService {
  const cache = new SessionCache(options);
  let active = false;
  const listener = new PgListener(
    db,
    SESSION_REVOKED_CHANNEL,
    {
      onNotify: (userId) => cache.forgetUser(userId),
      onReconnect: () => {
        cache.clear();
        active = true;
      },
      onDropped: () => {
        active = false;
        cache.clear();
      },
    },
    log,
  );
  let opening: Promise<void> | null = null;
  return {
    cache,
    listening() {
      if (!active && !opening)
        opening = listener.ready().then(
          () => {
            active = true;
          },
          (error: unknown) => {
            log.warn({ err: error }, "session cache: LISTEN failed, sessions are checked every time");
            opening = null;
          },
        );
      return active;
    },
    async close() {
      active = false;
      cache.clear();
      await listener.close();
    },
  };
}
