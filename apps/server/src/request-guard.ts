import { API_MAX_BATCH_SIZE, type FizCode } from "@fizio/domain";

export interface ApiRequestFacts {
  method: string;
  contentType: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** Procedure calls in the request (a batch carries several). */
  calls: number;
}

/** Browsers say where a request came from; "none" is the user's own navigation (typed URL, bookmark). */
const OWN_SITE = new Set(["same-origin", "none"]);

/**
 * Why an API request must not run, or null. A cross-site HTML form can POST multipart/form-data or
 * text/plain, never application/json; a cross-site fetch with JSON needs a CORS preflight we never answer.
 * Browsers send Origin on every cross-site POST, so a POST without one comes from a non-browser client
 * (no cookies of a victim), unless Sec-Fetch-Site says otherwise.
 */
export function apiRequestRefusal(
  request: ApiRequestFacts,
  allowedOrigins: readonly string[],
): FizCode | null {
  if (request.calls > API_MAX_BATCH_SIZE) return "FIZ267";
  if (request.method !== "POST") return null;
  if (request.contentType?.split(";")[0]?.trim().toLowerCase() !== "application/json") return "FIZ264";
  if (request.origin !== undefined) return allowedOrigins.includes(request.origin) ? null : "FIZ264";
  return request.secFetchSite === undefined || OWN_SITE.has(request.secFetchSite) ? null : "FIZ264";
}

/**
 * Why a beacon (navigator.sendBeacon: a text/plain POST with the user's cookies, the only body type a browser sends
 * without a preflight) must not run, or null. A cross-site form can send the same, so unlike the API's JSON calls
 * a beacon must come from the app's own pages: an allowed Origin, or with none, a same-origin Sec-Fetch-Site.
 */
export function beaconRefusal(
  request: Pick<ApiRequestFacts, "method" | "contentType" | "origin" | "secFetchSite">,
  allowedOrigins: readonly string[],
): FizCode | null {
  if (request.method !== "POST") return "FIZ264";
  if (request.contentType?.split(";")[0]?.trim().toLowerCase() !== "text/plain") return "FIZ264";
  if (request.origin !== undefined) return allowedOrigins.includes(request.origin) ? null : "FIZ264";
  return request.secFetchSite === "same-origin" ? null : "FIZ264";
}
