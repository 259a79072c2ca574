const API_PATH = /^\/api\/v\d+\//;

/**
 * The url.path an HTTP span keeps. Query strings carry tRPC inputs (patient ids, searches, tokens), so none is
 * kept; an API path names only procedures and stays, any other path (a page with a patient's id in it, the
 * recovery link's token) is replaced by its route pattern.
 */
export function telemetrySpanPath(url: string, route: string | undefined): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return API_PATH.test(path) ? path : (route ?? "unmatched");
}
