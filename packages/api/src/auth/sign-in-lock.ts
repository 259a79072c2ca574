import { countFailedSignIn, lockSignInUntil, type UserRow, writeAudit } from "@fizio/db";
import {
  AppError,
  type AuditAction,
  isFirstSignInLock,
  lockMinutesLeft,
  signInLockMinutes,
} from "@fizio/domain";
import type { Context } from "../context";
import { sendSignInLockedEmail } from "../email/sign-in-locked";

type SignInContext = Pick<Context, "db" | "ip" | "requestId" | "uiLocation" | "mailer" | "config">;

/**
 * Audited under the targeted account's organisation, so its admins see attempts on it; the typed email and
 * the client address are kept, the password never.
 */
async function auditSignIn(
  ctx: SignInContext,
  action: AuditAction,
  account: UserRow | undefined,
  email: string,
  details: Record<string, unknown>,
) {
  await writeAudit(ctx.db, {
    organizationId: account?.organizationId,
    action,
    entity: "user",
    entityId: account?.id ?? null,
    details: { email, ip: ctx.ip, ...details },
    requestId: ctx.requestId,
    uiLocation: ctx.uiLocation,
  });
}

/** A locked account is refused before its password is checked, so even the right password waits. */
export async function refuseWhileLocked(ctx: SignInContext, account: UserRow | undefined, email: string) {
  const minutes = lockMinutesLeft(account?.lockedUntil ?? null, new Date());
  if (minutes === null) return;
  await auditSignIn(ctx, "auth.login.failed", account, email, { reason: "FIZ263" });
  throw new AppError("FIZ263", { minutes });
}

/** Failures that count towards the lock: a wrong password, and a wrong or reused second-factor code. */
const COUNTED: ReadonlySet<string> = new Set(["FIZ258", "FIZ285", "FIZ286"]);

/**
 * Audits a refused sign-in and, for a wrong password or code on an existing account, counts it towards a lock.
 * Returns the error to answer with: FIZ263 when this failure locked the account.
 */
export async function recordFailedSignIn(
  ctx: SignInContext,
  account: UserRow | undefined,
  email: string,
  failure: AppError,
): Promise<AppError> {
  await auditSignIn(ctx, "auth.login.failed", account, email, { reason: failure.code });
  if (!account || !COUNTED.has(failure.code)) return failure;
  const failures = await countFailedSignIn(ctx.db, account.id);
  const minutes = signInLockMinutes(failures);
  if (minutes === 0) return failure;
  const until = new Date(Date.now() + minutes * 60_000);
  await lockSignInUntil(ctx.db, account.id, until);
  await auditSignIn(ctx, "auth.login.locked", account, email, { failures, lockedUntil: until.toISOString() });
  if (isFirstSignInLock(failures)) await sendSignInLockedEmail(ctx.mailer, ctx.config.appUrl, account);
  return new AppError("FIZ263", { minutes });
}
