import { type ClientErrorInput, type Role, shouldRedirectToLogin } from "@fizio/domain";
import { apiFailure } from "../../lib/api-error";
import type { ApiErrorHandler } from "../../lib/query-client";

/** Expected answers to user input (invalid, conflicting, not signed in, too fast) are not errors to log. */
const NOT_REPORTED = new Set([400, 401, 409, 429]);

interface Deps {
  location: () => { pathname: string; search: string };
  /** The signed-in user's role, undefined when nobody is signed in. */
  role: () => Role | undefined;
  report: (input: ClientErrorInput) => void;
  /**
   * Forgets the session and opens the login page, which returns to `redirect` after signing in; `idle` when the
   * server signed the session out for inactivity (FIZ290), which the login page says.
   */
  signOut: (redirect: string, idle: boolean) => void;
}

/**
 * What happens after any failed API call (spec §4 and §7): failures are reported as NETWORK errors to the
 * error log, and 403/502 (by shouldRedirectToLogin) or a lost session sends the user to /login.
 */
export function createApiErrorPolicy({ location, role, report, signOut }: Deps): ApiErrorHandler {
  return (error, kind, procedure) => {
    const { status, fiz, endsSession } = apiFailure(error);
    const { pathname, search } = location();
    if (status === undefined || !NOT_REPORTED.has(status)) {
      report({
        kind: "NETWORK",
        message: `API Error (${kind === "read" ? "GET" : "POST/PUT"}) ${procedure}: ${status ?? "no response"} ${fiz}`,
        path: pathname,
        role: role(),
        status,
      });
    }
    if (status === undefined) return;
    const sessionLost = status === 401 && role() !== undefined;
    // A 403 the server marks as ending the session means "you can no longer be here": the account was deleted,
    // deactivated or made inactive, or a gate stands again. Any other refuses one action (another admin's account,
    // a user already deleted, an inactive patient picked) and is shown where it happened.
    const refused = status === 403 && !endsSession;
    if (sessionLost || (!refused && shouldRedirectToLogin(status, kind, pathname)))
      signOut(`${pathname}${search}`, fiz === "FIZ290");
  };
}
