import type { FastifyRequest, FastifyServerOptions } from "fastify";

const API_PATH = /^\/api\/v\d+\//;
const RECOVERY_PAGE = /^(\/login\/create-new-password\/)[^/?#]+/;

/**
 * A URL fit for the logs. tRPC carries a query's input in the query string (recovery tokens, patient ids,
 * searches), so API URLs keep their path (the procedure names) only; the recovery page's path is its token.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (API_PATH.test(path)) return queryAt === -1 ? path : `${path}?[redacted]`;
  return url.replace(RECOVERY_PAGE, "$1[redacted]");
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options with the redacting serializer, whatever the caller passed. */
export function redactingLogger(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
