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
