import { AppError, gateFor, isAdminRole, type Role, signInBlocker, unstorableTextPath } from "@fizio/domain";
import { initTRPC, TRPCError } from "@trpc/server";
import { OrganizationDeniedError } from "./access";
import { auditAccessDenied } from "./audit";
import { setCookiesOf } from "./auth/cookies";
import { twoFactorPendingFor } from "./auth/two-factor-policy";
import type { Context } from "./context";
import { logServerError } from "./error-log";
import { appErrorToTRPC, errorData, stillReferencedError } from "./errors";
import { rememberRequestUser } from "./request-user";
import {
  forgetSession,
  forgetSessionUser,
  lookupSessionUser,
  type SessionLookup,
  wasSignedOutIdle,
} from "./session-user";
import { observeProcedure } from "./telemetry";
import { transformer } from "./transformer";

/** What a procedure says of itself to the middleware (`.meta({ … })`). */
export interface ProcedureMeta {
  /**
   * A write that cannot change its own user or what the gates read with them (their row, terms, cards,
   * organisations, session): the session keeps the user it read as stored before the write, instead of reading
   * them again at its next request (bench:api, one write in ten: 0.1 of 1.9 Postgres transactions a request).
   */
  keepsSessionUser?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson both ways; outputs through a faster serializer that writes the same bytes.
    transformer,
    // Subscriptions stream over SSE: pings keep proxies from closing a quiet stream, and the client reconnects
    // (resuming from the last tracked event) when even the pings stop.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter({ shape, error }) {
      const data = errorData(error);
      const message =
        error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof AppError)
          ? data.fiz
          : shape.message;
      return {
        ...shape,
        message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, ...data },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * AppErrors thrown anywhere below become typed tRPC errors (a cross-organisation refusal is audited first);
 * anything else is logged in full, written to the error log without its message, and reported as FIZ301.
 */
async function mapErrors<R extends { ok: boolean; error?: TRPCError }>(
  ctx: Context,
  path: string,
  type: string,
  result: R,
): Promise<R> {
  if (result.ok || !result.error) return result;
  const cause = result.error.cause;
  if (cause instanceof OrganizationDeniedError) await auditAccessDenied(ctx, cause, path);
  if (cause instanceof AppError) return { ...result, error: appErrorToTRPC(cause) };
  if (result.error.code === "INTERNAL_SERVER_ERROR") {
    ctx.log.error({ err: cause ?? result.error, path, type, requestId: ctx.requestId }, "procedure failed");
    await logServerError(ctx, result.error, path);
    const inUse = stillReferencedError(cause);
    if (inUse) return { ...result, error: appErrorToTRPC(inUse) };
  }
  return result;
}

/**
 * Outermost: the span and latency cover every check and see the FIZ code the errors were mapped to. One
 * middleware, as are the session and gate checks below: each tRPC middleware layer copies the call's options and
 * context over again, and on the cheapest calls those copies were a tenth of the server's CPU.
 */
const observed = t.middleware(({ ctx, path, type, next, getRawInput }) =>
  observeProcedure(ctx.telemetry, { path, type }, async () => {
    await refuseUnstorableText(getRawInput);
    return mapErrors(ctx, path, type, await next());
  }),
);

/**
 * No input reaches a procedure with a text Postgres cannot store (a NUL, a lone surrogate): refused here for every
 * procedure, as FIZ002 at its field, rather than failing in the database after the checks and writes before it.
 */
async function refuseUnstorableText(getRawInput: () => Promise<unknown>) {
  const field = unstorableTextPath(await getRawInput());
  if (field !== null) throw appErrorToTRPC(new AppError("FIZ002", {}, { field: field || undefined }));
}

export const publicProcedure = t.procedure.use(observed);

/**
 * Resolves the session cookie to a user and the gates' facts, or null; refreshed session cookies are forwarded.
 * The user's `organizationId` is the organisation the session works in (spec §6: staff assigned to several work in
 * one at a time), so every procedure scoping by `ctx.user.organizationId` is scoped to it with no change of its own.
 */
async function resolveSession(ctx: Context, fresh = false): Promise<SessionLookup | null> {
  const found = await lookupSessionUser(ctx, fresh);
  rememberRequestUser(ctx, found?.user ?? null);
  ctx.sessionId = found?.sessionId;
  return found;
}

/** Resolves the session cookie to a user, or null; refreshed session cookies are forwarded. */
export async function resolveUser(ctx: Context) {
  return (await resolveSession(ctx))?.user ?? null;
}

/** Which gate the signed-in user stands at (enrolment, then spec §4's), from what was read with the user on this call. */
function gateOf({ user, acceptedTerms, usableCard, twoFactorRequirement }: SessionLookup, ctx: Context) {
  const patient = user.role === "ROLE_PATIENT";
  return gateFor({
    twoFactorPending: twoFactorPendingFor(ctx.config, user, twoFactorRequirement),
    role: user.role,
    firstName: user.firstName,
    onboardingCompleted: user.onboardingCompleted,
    agreedToTos: !patient || acceptedTerms,
    enforcePaymentMethod: patient && user.enforcePaymentMethod && !usableCard,
  });
}

/** What signedIn sets on the context. */
type SignedInContext = { user: SessionLookup["user"]; readOnly: boolean };

/** What a procedure asks of the signed-in user beyond the session: throws the refusal's AppError. */
type Requirement = (found: SessionLookup, ctx: Context) => void;

/**
 * Signed in, and still allowed in: a user disabled, deleted or made inactive after signing in loses the
 * session at their next request. A write reads its user as stored, and has them read again after it (unless it
 * keepsSessionUser). Then `requirement`, the gates and role the procedure asks for.
 */
const signedIn = (requirement?: Requirement) =>
  t.middleware(async ({ ctx, next, type, meta }) => {
    const write = type === "mutation";
    const found = await resolveSession(ctx, write);
    if (!found) throw new AppError(wasSignedOutIdle(ctx) ? "FIZ290" : "FIZ408");
    const { user } = found;
    const blocker = signInBlocker(user);
    if (blocker) {
      await forgetSession(ctx);
      const signOut = await ctx.auth.api
        .signOut({ headers: ctx.headers, returnHeaders: true })
        .catch(() => null);
      ctx.setCookies(setCookiesOf(signOut?.headers));
      throw blocker;
    }
    requirement?.(found, ctx);
    // Set on this request's context rather than passed as next({ ctx }), which tRPC would merge into a copy (and a
    // copy keeps only own properties: the services are the context's prototype). next({}) says what was set.
    ctx.user = user;
    ctx.readOnly = !write;
    if (!write || meta?.keepsSessionUser) return next<SignedInContext>({});
    try {
      return await next<SignedInContext>({});
    } finally {
      await forgetSessionUser(ctx);
    }
  });

export const authedProcedure = publicProcedure.use(signedIn());

/**
 * Past enrolment and the terms and onboarding gates (spec §4); the payment-method gate may still stand. A user
 * required to enrol a second factor keeps their session (FIZ288 sends them to enrolment, which is authed only).
 */
const pastOnboarding = (gate: ReturnType<typeof gateOf>) => {
  if (gate === "TWO_FACTOR") throw new AppError("FIZ288");
  if (gate === "TERMS") throw new AppError("FIZ412", {}, { endsSession: true });
  if (gate === "ONBOARDING") throw new AppError("FIZ411", {}, { endsSession: true });
};

/** Past every gate: enrolment where required, then spec §4's terms, onboarding and a payment method. */
const pastGates: Requirement = (found, ctx) => {
  const gate = gateOf(found, ctx);
  pastOnboarding(gate);
  if (gate === "PAYMENT_METHOD") throw new AppError("FIZ266");
};

/**
 * Past the terms and onboarding gates; the payment-method gate may still stand. Only the card procedures a
 * patient uses to pass that gate are built on it.
 */
export const paymentSetupProcedure = publicProcedure.use(
  signedIn((found, ctx) => pastOnboarding(gateOf(found, ctx))),
);

/** The app proper: the gates of spec §4 must be passed first (terms, then onboarding, then a payment method). */
export const appProcedure = publicProcedure.use(signedIn(pastGates));

/** The app proper, for a user whose role `allowed` accepts (FIZ413 otherwise). */
const withRole = (allowed: (role: Role) => boolean) =>
  publicProcedure.use(
    signedIn((found, ctx) => {
      pastGates(found, ctx);
      if (!allowed(found.user.role)) throw new AppError("FIZ413");
    }),
  );

export function roleProcedure(...roles: Role[]) {
  return withRole((role) => roles.includes(role));
}

/** The care team: providers and admins (patients never). */
export const staffProcedure = roleProcedure("ROLE_PROVIDER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN");

export const adminProcedure = withRole(isAdminRole);

export { TRPCError };
