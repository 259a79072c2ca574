import {
  type DbOrTx,
  findSessionLastActive,
  findSessionUser,
  hasAcceptedTerms,
  hasUsableCard,
  type SessionUserRow,
  touchSession,
  type UserRow,
} from "@fizio/db";
import {
  activityDue,
  DEFAULT_ORGANIZATION_SETTINGS,
  IDLE_LOGOFF,
  idleLimitMinutes,
  idleRemainingMs,
  isIdle,
  type SessionUser,
  TERMS_VERSION,
  type TwoFactorRequirement,
} from "@fizio/domain";
import { audit } from "./audit";
import { setCookiesOf } from "./auth/cookies";
import { readTwoFactorPending } from "./auth/two-factor-policy";
import type { Context, UserContext } from "./context";

/** The client user state of spec §3, derived from the stored user. */
export async function toSessionUser(
  ctx: { db: DbOrTx; config: Context["config"] },
  user: UserRow,
): Promise<SessionUser> {
  const { db } = ctx;
  const agreedToTos = user.role !== "ROLE_PATIENT" || (await hasAcceptedTerms(db, user.id, TERMS_VERSION));
  return {
    userId: user.id,
    organizationId: user.organizationId,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    onboardingCompleted: user.onboardingCompleted,
    agreedToTos,
    preferredLanguage: user.preferredLanguage,
    accessStatus: user.accessStatus,
    // The flag asks for a card on file; once the patient has a usable one the gate is passed.
    enforcePaymentMethod:
      user.role === "ROLE_PATIENT" && user.enforcePaymentMethod && !(await hasUsableCard(db, user.id)),
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorPending: await readTwoFactorPending({ db, config: ctx.config }, user),
  };
}

/** The signed-in user, with what the gates of spec §4 need. */
export interface SessionLookup {
  /** Its organisationId is the organisation the session works in (staff assigned to several work in one at a time). */
  user: UserRow;
  sessionId: string;
  /** This version of the terms accepted. */
  acceptedTerms: boolean;
  /** A card on file that can be charged. */
  usableCard: boolean;
  /** Who the session's organisation asks for a second factor. */
  twoFactorRequirement: TwoFactorRequirement;
  /** The session's idle limit for this user, in minutes (the organisation's setting for their role). */
  idleMinutes: number;
}

const sessionCookieNames = new WeakMap<Context["auth"], Promise<string>>();

/** The signed session cookie's value, exactly as better-auth reads it (its name, secure prefix included). */
async function sessionCookieOf(ctx: Pick<Context, "auth" | "headers">): Promise<string | null> {
  const header = ctx.headers.get("cookie");
  if (!header) return null;
  let name = sessionCookieNames.get(ctx.auth);
  if (!name) {
    name = ctx.auth.$context.then((auth) => auth.authCookies.sessionToken.name);
    sessionCookieNames.set(ctx.auth, name);
  }
  const prefix = `${await name}=`;
  for (const part of header.split(";")) {
    const pair = part.trim();
    if (pair.startsWith(prefix)) return pair.slice(prefix.length) || null;
  }
  return null;
}

/**
 * The session cookie's user, or null when signed out. better-auth checks the cookie's signature and the session
 * (refreshing it when due, its cookie forwarded); a session it found valid is then trusted for up to half a minute by
 * this process (SessionCache), and its user as read for the gates with it. A notice from a trigger drops both when
 * either changes anywhere. `fresh` reads the user again all the same: writes act on the user as stored.
 */
export async function lookupSessionUser(ctx: Context, fresh = false): Promise<SessionLookup | null> {
  const cookie = await sessionCookieOf(ctx);
  const cache = ctx.sessions.cache;
  const version = cache.version;
  let checked = cookie ? cache.get(cookie) : undefined;
  if (!checked || checked.renew) {
    const result = await ctx.auth.api.getSession({ headers: ctx.headers, returnHeaders: true });
    const session = result.response?.session;
    // Only a found session's refreshed cookie is passed on. For a session that is gone better-auth expires the
    // cookie, and a request still in flight with the old cookie when two-factor replaced the session (enrolment,
    // turning it off) would then delete the new session's cookie, which has the same name: signed out at random.
    if (session) ctx.setCookies(setCookiesOf(result.headers));
    if (!session) {
      if (cookie && checked) cache.forget(cookie);
      return null;
    }
    const lastActiveAt = new Date(session.lastActiveAt ?? session.createdAt).getTime();
    checked = { userId: session.userId, sessionId: session.id, lastActiveAt };
    if (cookie && ctx.sessions.listening()) cache.set(cookie, checked, session.expiresAt, version);
  }
  let found = fresh ? undefined : checked.user;
  if (!found) {
    found = await findSessionUser(ctx.db, checked.userId, TERMS_VERSION, checked.sessionId);
    if (!found) return null;
    if (cookie) cache.setUser(cookie, found, version);
  }
  const lookup = lookupOf(found, checked.sessionId);
  const lastActiveAt = await activeSince(
    ctx,
    cookie,
    checked.sessionId,
    checked.lastActiveAt,
    lookup.idleMinutes,
  );
  if (lastActiveAt === null) {
    await endIdleSession(ctx, lookup);
    return null;
  }
  ctx.activity = { lastActiveAt, idleMinutes: lookup.idleMinutes };
  return lookup;
}

/** Requests refused because their session had been idle past its limit (and was revoked), for signedIn's FIZ290. */
const idleRefused = new WeakSet<Context>();

export function wasSignedOutIdle(ctx: Context): boolean {
  return idleRefused.has(ctx);
}

/**
 * The session's last activity, or null when it has been idle past the limit. A cached time that says idle is read
 * again first: another server may have recorded activity since this one checked the session.
 */
async function activeSince(
  ctx: Context,
  cookie: string | null,
  sessionId: string,
  cached: number,
  limitMinutes: number,
): Promise<number | null> {
  const now = new Date();
  if (!isIdle(new Date(cached), now, limitMinutes)) return cached;
  const stored = await findSessionLastActive(ctx.db, sessionId);
  if (!stored || isIdle(stored, now, limitMinutes)) return null;
  if (cookie) ctx.sessions.cache.setLastActive(cookie, stored.getTime());
  return stored.getTime();
}

/** An idle session ends on the server (not only in the browser): revoked, its cookie cleared, the log-off audited. */
async function endIdleSession(ctx: Context, lookup: SessionLookup): Promise<void> {
  idleRefused.add(ctx);
  await forgetSession(ctx);
  const signOut = await ctx.auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
  ctx.setCookies(setCookiesOf(signOut?.headers));
  // The services are the context's prototype: a spread would drop them.
  const actor = { db: ctx.db, user: lookup.user, requestId: ctx.requestId, uiLocation: ctx.uiLocation };
  await audit(actor, "auth.idleLogoff", "session", lookup.sessionId, {
    idleMinutes: lookup.idleMinutes,
  });
}

/**
 * The user is active in this session (a heartbeat from the browser: input in any tab, a recording or a video visit
 * under way): written when the stored time is due (at most twice a minute), and what is left before the limit.
 */
export async function recordActivity(ctx: UserContext) {
  const now = new Date();
  const idleMinutes =
    ctx.activity?.idleMinutes ?? idleLimitMinutes(ctx.user.role, DEFAULT_ORGANIZATION_SETTINGS);
  let lastActiveAt = ctx.activity?.lastActiveAt ?? now.getTime();
  if (ctx.sessionId && activityDue(new Date(lastActiveAt), now)) {
    await touchSession(ctx.db, ctx.sessionId, now);
    lastActiveAt = now.getTime();
    const cookie = await sessionCookieOf(ctx);
    if (cookie) ctx.sessions.cache.setLastActive(cookie, lastActiveAt);
  }
  return {
    idleMinutes,
    remainingMs: idleRemainingMs(new Date(lastActiveAt), now, idleMinutes),
    warningMs: IDLE_LOGOFF.warningMs,
  };
}

/**
 * Each cached read's lookup, made once: the requests of a session in the cache's seconds share it (frozen, so none
 * can change it for the others) instead of each copying the user's thirty-odd columns, twice.
 */
const lookups = new WeakMap<SessionUserRow, SessionLookup>();

function lookupOf(found: SessionUserRow, sessionId: string): SessionLookup {
  const made = lookups.get(found);
  if (made?.sessionId === sessionId) return made;
  const { activeOrganizationId, user, acceptedTerms, usableCard, twoFactorRequirement, idleMinutes } = found;
  const lookup: SessionLookup = Object.freeze({
    acceptedTerms,
    usableCard,
    twoFactorRequirement,
    sessionId,
    idleMinutes: idleMinutes ?? idleLimitMinutes(user.role, DEFAULT_ORGANIZATION_SETTINGS),
    user: Object.freeze({ ...user, organizationId: activeOrganizationId ?? user.organizationId }),
  });
  lookups.set(found, lookup);
  return lookup;
}

/**
 * The organisation the request's session works in now, read again: a long-lived request (a subscription) may outlast
 * a switch of organisation made by another request of the same session.
 */
export async function sessionOrganization(ctx: Pick<Context, "db" | "sessionId"> & { user: UserRow }) {
  const found = ctx.sessionId
    ? await findSessionUser(ctx.db, ctx.user.id, TERMS_VERSION, ctx.sessionId)
    : undefined;
  return found ? (found.activeOrganizationId ?? found.user.organizationId) : ctx.user.organizationId;
}

/** The request's own write may have changed its user: this process reads them again at the session's next request. */
export async function forgetSessionUser(ctx: Context): Promise<void> {
  const cookie = await sessionCookieOf(ctx);
  if (cookie) ctx.sessions.cache.forgetUserOf(cookie);
}

/** The request's session ends here (sign-out): this process stops trusting it at once, before the notice. */
export async function forgetSession(ctx: Context): Promise<void> {
  const cookie = await sessionCookieOf(ctx);
  if (cookie) ctx.sessions.cache.forget(cookie);
}

/**
 * A user's sessions were deleted here (password changed or reset, disabled, deleted): this process stops trusting
 * them at once; the other servers hear it from the sessions trigger.
 */
export function forgetUserSessions(ctx: Pick<Context, "sessions">, userId: string): void {
  ctx.sessions.cache.forgetUser(userId);
}
