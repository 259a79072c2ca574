import { appErrorToTRPC, appRouter } from "@fizio/api";
import { AppError, type FizCode } from "@fizio/domain";
import { getTRPCErrorShape, transformTRPCResponse } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiRequestRefusal } from "../request-guard";
import { firstValue } from "../trpc-http";

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * Procedure calls in a tRPC URL: a batch names them comma-separated in the path. From the query Fastify has already
 * parsed: a URL parsed again here for every request was about 1 % of the server's CPU on the cheapest calls.
 */
function callsIn(req: FastifyRequest, prefix: string): number {
  if (firstValue((req.query as Record<string, unknown>).batch) !== "1") return 1;
  const queryAt = req.url.indexOf("?");
  return req.url.slice(prefix.length + 1, queryAt === -1 ? undefined : queryAt).split(",").length;
}

/** The body tRPC itself sends for an error; a batch client gives it to every call. */
function trpcErrorBody(code: FizCode) {
  const error = appErrorToTRPC(new AppError(code));
  const config = appRouter._def._config;
  const shape = getTRPCErrorShape({
    config,
    error,
    type: "unknown",
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  return { status: getHTTPStatusCodeFromError(error), body: transformTRPCResponse(config, { error: shape }) };
}

/**
 * Refuses cross-site mutations and oversized batches before tRPC reads the body (it would parse a
 * cross-site form's multipart body first), answering in tRPC's own error shape.
 */
export async function apiGuardPlugin(
  app: FastifyInstance,
  options: { prefix: string; allowedOrigins: readonly string[] },
) {
  const prefix = `${options.prefix}/`;
  app.addHook("onRequest", (req, reply, done) => {
    if (!req.url.startsWith(prefix)) return done();
    const refusal = apiRequestRefusal(
      {
        method: req.method,
        contentType: header(req, "content-type"),
        origin: header(req, "origin"),
        secFetchSite: header(req, "sec-fetch-site"),
        calls: callsIn(req, options.prefix),
      },
      options.allowedOrigins,
    );
    if (!refusal) return done();
    req.log.warn({ fiz: refusal, origin: header(req, "origin") }, "API request refused");
    const { status, body } = trpcErrorBody(refusal);
    // Answered here: the request goes no further (done is not called).
    reply.code(status).header("content-type", "application/json").send(body);
  });
}
