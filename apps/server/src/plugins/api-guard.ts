import { appErrorToTRPC, appRouter } from "@fizio/api";
import { AppError, type FizCode } from "@fizio/domain";
import { getTRPCErrorShape, transformTRPCResponse } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiRequestRefusal } from "../request-guard";

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

/** Procedure calls in a tRPC URL: a batch names them comma-separated in the path. */
function callsIn(url: URL, prefix: string): number {
  if (url.searchParams.get("batch") !== "1") return 1;
  return url.pathname.slice(prefix.length + 1).split(",").length;
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
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith(`${options.prefix}/`)) return;
    const url = new URL(req.url, "http://api.invalid");
    const refusal = apiRequestRefusal(
      {
        method: req.method,
        contentType: header(req, "content-type"),
        origin: header(req, "origin"),
        secFetchSite: header(req, "sec-fetch-site"),
        calls: callsIn(url, options.prefix),
      },
      options.allowedOrigins,
    );
    if (!refusal) return;
    req.log.warn({ fiz: refusal, origin: header(req, "origin") }, "API request refused");
    const { status, body } = trpcErrorBody(refusal);
    return reply.code(status).header("content-type", "application/json").send(body);
  });
}
