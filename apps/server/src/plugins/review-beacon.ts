import { randomUUID } from "node:crypto";
import { type ApiServices, appErrorToTRPC, appRouter, createCallerFactory, createContext } from "@fizio/api";
import { AppError } from "@fizio/domain";
import { getTRPCErrorShape, TRPCError, transformTRPCResponse } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { beaconRefusal } from "../request-guard";
import { appendSetCookies, toHeaders } from "./trpc";

/** Where review pages send their last beat of review time when they are hidden, closed, left or reloaded. */
export const REVIEW_BEACON_PATH = "/api/beacon/review-time";
const PROCEDURE = "billing.rtm.logReview";
/** A beat is a few ids and a number. */
const BODY_LIMIT = 2048;

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

const createCaller = createCallerFactory(appRouter);

/** The body and status tRPC itself would answer the procedure's error with, so the client reads one shape. */
function errorReply(error: unknown) {
  const trpcError =
    error instanceof TRPCError
      ? error
      : appErrorToTRPC(error instanceof AppError ? error : new AppError("FIZ301"));
  const config = appRouter._def._config;
  const shape = getTRPCErrorShape({
    config,
    error: trpcError,
    type: "mutation",
    path: PROCEDURE,
    input: undefined,
    ctx: undefined,
  });
  return {
    status: getHTTPStatusCodeFromError(trpcError),
    body: transformTRPCResponse(config, { error: shape }),
  };
}

/**
 * navigator.sendBeacon's endpoint for review time. A beacon is a text/plain POST (the only type sent without a
 * preflight) carrying the session cookie, so it is refused unless it comes from the app's own pages (FIZ264), its
 * body is parsed here as JSON, and it runs billing.rtm.logReview as the signed-in user: the same input rules,
 * roster and organisation scope (FIZ415, FIZ109), and audit as the page's regular beats.
 */
export async function reviewBeaconPlugin(
  app: FastifyInstance,
  services: ApiServices,
  options: { allowedOrigins: readonly string[] },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(REVIEW_BEACON_PATH, async (req, reply) => {
      const refusal = beaconRefusal(
        {
          method: req.method,
          contentType: header(req, "content-type"),
          origin: header(req, "origin"),
          secFetchSite: header(req, "sec-fetch-site"),
        },
        options.allowedOrigins,
      );
      if (refusal) {
        req.log.warn({ fiz: refusal, origin: header(req, "origin") }, "review beacon refused");
        const { status, body } = errorReply(new AppError(refusal));
        return reply.code(status).send(body);
      }
      let input: unknown;
      try {
        input = JSON.parse(String(req.body ?? ""));
      } catch {
        const { status, body } = errorReply(new AppError("FIZ002"));
        return reply.code(status).send(body);
      }
      const ctx = createContext(services, {
        headers: toHeaders(req),
        ip: req.ip,
        requestId: String(req.id ?? randomUUID()),
        uiLocation: header(req, "x-ui-location"),
        setCookies: (cookies) => appendSetCookies(reply, cookies),
      });
      try {
        await createCaller(ctx).billing.rtm.logReview(input as never);
        return reply.code(204).send();
      } catch (error) {
        const { status, body } = errorReply(error);
        return reply.code(status).send(body);
      }
    });
  });
}
