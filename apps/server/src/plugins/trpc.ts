import { randomUUID } from "node:crypto";
import { type ApiServices, appRouter, createContext } from "@fizio/api";
import { AppError } from "@fizio/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createTrpcHttpHandler } from "../trpc-http";

export function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export function appendSetCookies(res: FastifyReply, cookies: string[]) {
  if (cookies.length === 0) return;
  const existing = res.getHeader("set-cookie");
  const current =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  res.header("set-cookie", [...current, ...cookies]);
}

/** Fastify's default body limit (1 MiB): anything larger never reaches a procedure. */
const BODY_LIMIT = 1_048_576;

/**
 * An API call whose body is over the limit gets the same shape as any refused input (FIZ003), one error per
 * procedure of a batch, so the client shows a clear message instead of an unknown failure.
 */
function oversizedBody(req: FastifyRequest) {
  const one = {
    error: {
      json: {
        message: "FIZ003",
        code: -32600,
        data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, fiz: "FIZ003", params: { max: BODY_LIMIT } },
      },
    },
  };
  const url = new URL(req.url, "http://x");
  if (url.searchParams.get("batch") !== "1") return one;
  const procedures = url.pathname.slice("/api/v1/".length).split(",").length;
  return Array.from({ length: procedures }, () => one);
}

/** tRPC under /api/v1. */
export async function trpcPlugin(app: FastifyInstance, services: ApiServices) {
  app.setErrorHandler((error: { code?: string }, req, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" && req.url.startsWith("/api/v1/"))
      return reply.status(413).send(oversizedBody(req));
    return reply.send(error);
  });
  const handle = createTrpcHttpHandler({
    router: appRouter,
    createContext: ({ req, res }) =>
      createContext(services, {
        headers: toHeaders(req),
        ip: req.ip,
        requestId: String(req.id ?? randomUUID()),
        uiLocation:
          typeof req.headers["x-ui-location"] === "string" ? req.headers["x-ui-location"] : undefined,
        setCookies: (cookies) => appendSetCookies(res, cookies),
      }),
    // The error log is written on the API's own error path (with the caller's organisation, without raw
    // messages); here only the server log, which also sees failures outside any procedure.
    onError: ({ error, path, req }) => {
      if (error.code !== "INTERNAL_SERVER_ERROR" || error.cause instanceof AppError) return;
      req.log.error({ err: error.cause ?? error, path }, "unexpected API error");
    },
  });
  // Encapsulated, as tRPC's own plugin is: bodies reach the handler as text (JSON) or unread (uploads).
  await app.register(
    async (api) => {
      api.removeContentTypeParser("application/json");
      api.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
        done(null, body),
      );
      api.removeContentTypeParser("multipart/form-data");
      api.addContentTypeParser("multipart/form-data", {}, (_req, body, done) => done(null, body));
      api.all<{ Params: { path: string } }>("/:path", handle);
    },
    { prefix: "/api/v1" },
  );
}
