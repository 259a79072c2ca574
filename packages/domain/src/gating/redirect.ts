/**
 * Spec §4: a failed read or write with status 403 or 502 sends the user to /login. Reads are exempt on /login,
 * /self-registration and /invitations/{36-character id} (and a guest's /invitations/guest/{token}, whose
 * holder has no account); writes are exempt only on /login.
 */
export function shouldRedirectToLogin(status: number, kind: "read" | "write", pathname: string): boolean {
  if (status !== 403 && status !== 502) return false;
  if (pathname === "/login") return false;
  if (kind === "write") return true;
  if (pathname === "/self-registration") return false;
  if (/^\/invitations\/(provider\/)?[0-9a-zA-Z-]{36}$/.test(pathname)) return false;
  if (/^\/invitations\/guest\/[0-9a-zA-Z_-]{20,100}$/.test(pathname)) return false;
  return true;
}

/** Spec §9: reads retry 3 times with backoff from 1 s doubling to 30 s; writes are never retried. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}
