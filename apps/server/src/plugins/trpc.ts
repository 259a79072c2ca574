import { randomUUID } from "node:crypto";
import { type ApiServices, appRouter, createContext } from "@fizio/api";
import { writeErrorLog } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function appendSetCookies(res: FastifyReply, cookies: string[]) {
  if (cookies.length === 0) return;
  const existing = res.getHeader("set-cookie");
  const current =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  res.header("set-cookie", [...current, ...cookies]);
}

/** tRPC under /api/v1; unexpected failures also go to the error log admins read at /audit/error-log. */
export async function trpcPlugin(app: FastifyInstance, services: ApiServices) {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/v1",
    trpcOptions: {
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
      onError: ({ error, path, req }) => {
        if (error.code !== "INTERNAL_SERVER_ERROR" || error.cause instanceof AppError) return;
        req.log.error({ err: error.cause ?? error, path }, "unexpected API error");
        void writeErrorLog(services.db, {
          source: "server",
          kind: "API",
          message: `${path ?? "?"}: ${(error.cause ?? error).message}`.slice(0, 2000),
          stack: (error.cause ?? error).stack,
          path: path ?? null,
          requestId: String(req.id),
        }).catch(() => {});
      },
    } satisfies FastifyTRPCPluginOptions<typeof appRouter>["trpcOptions"],
  });
}
