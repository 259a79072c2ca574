import { type ClientErrorInput, type FizCode, type Role, shouldRedirectToLogin } from "@fizio/domain";
import { apiFailure } from "../../lib/api-error";
import type { ApiErrorHandler } from "../../lib/query-client";

/**
 * 403 answers that mean "you can no longer be here": the account was deleted, deactivated or made inactive,
 * or the user's role or gates no longer allow the app. Other 403s refuse one action (e.g. FIZ235, another
 * admin's account) and are shown where they happened, so a refused click does not end the session.
 */
const SESSION_ENDING: ReadonlySet<FizCode> = new Set([
  "FIZ204",
  "FIZ259",
  "FIZ402",
  "FIZ408",
  "FIZ409",
  "FIZ411",
  "FIZ412",
]);

/** Expected answers to user input (invalid, conflicting, not signed in, too fast) are not errors to log. */
const NOT_REPORTED = new Set([400, 401, 409, 429]);

interface Deps {
  location: () => { pathname: string; search: string };
  /** The signed-in user's role, undefined when nobody is signed in. */
  role: () => Role | undefined;
  report: (input: ClientErrorInput) => void;
  /** Forgets the session and opens the login page, which returns to `redirect` after signing in. */
  signOut: (redirect: string) => void;
}

/**
 * What happens after any failed API call (spec §4 and §7): failures are reported as NETWORK errors to the
 * error log, and 403/502 (by shouldRedirectToLogin) or a lost session sends the user to /login.
 */
export function createApiErrorPolicy({ location, role, report, signOut }: Deps): ApiErrorHandler {
  return (error, kind, procedure) => {
    const { status, fiz } = apiFailure(error);
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
    const refused = status === 403 && !SESSION_ENDING.has(fiz);
    if (sessionLost || (!refused && shouldRedirectToLogin(status, kind, pathname)))
      signOut(`${pathname}${search}`);
  };
}
