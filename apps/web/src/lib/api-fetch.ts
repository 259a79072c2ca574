import { HttpStatusError } from "./http-status-error";
import { i18n } from "./i18n";
import { pageTitle } from "./page-title";

/**
 * Spec §7: every request to /api/v… carries X-UI-Location with the current page title, so server logs
 * and error reports say where in the app a call came from. The title is taken in English (header values
 * must be Latin-1) from the URL at the moment of the call, which the router has already updated when a
 * page's data starts loading. Cookies carry the session (same origin).
 */
export const apiFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
  if (!url.pathname.startsWith("/api/v")) return fetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set("X-UI-Location", pageTitle(i18n, window.location.pathname, { lng: "en" }));
  return fetch(input, { ...init, headers, credentials: "same-origin" }).then((response) => {
    if (!response.ok && !response.headers.get("content-type")?.includes("json"))
      throw new HttpStatusError(response.status);
    return response;
  });
};
