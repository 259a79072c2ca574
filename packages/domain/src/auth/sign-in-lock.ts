/**
 * Brute-force protection: after LOCK_AFTER_FAILURES consecutive failed sign-ins an account is locked for a
 * minute, doubling with every further failure up to an hour, so guessing is slow while the owner is at most
 * briefly shut out. A successful sign-in resets the count.
 */
export const SIGN_IN_LOCK = { afterFailures: 5, firstMinutes: 1, maxMinutes: 60 } as const;

/** How long an account is locked after `failures` consecutive failed sign-ins; 0 while it is not locked. */
export function signInLockMinutes(failures: number): number {
  const beyond = failures - SIGN_IN_LOCK.afterFailures;
  if (beyond < 0) return 0;
  // Capping the exponent keeps 2 ** n finite for any count.
  return Math.min(SIGN_IN_LOCK.firstMinutes * 2 ** Math.min(beyond, 16), SIGN_IN_LOCK.maxMinutes);
}

/** The failure that starts a lock: the owner is told once, not on every doubling. */
export function isFirstSignInLock(failures: number): boolean {
  return failures === SIGN_IN_LOCK.afterFailures;
}

/** Whole minutes left on a lock, rounded up so "try again in 1 minute" is never too early; null when not locked. */
export function lockMinutesLeft(lockedUntil: Date | null, now: Date): number | null {
  if (!lockedUntil || lockedUntil <= now) return null;
  return Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
}
