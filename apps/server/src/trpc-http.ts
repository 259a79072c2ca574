import {
  type AnyTRPCRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  type inferRouterContext,
  type TRPCError,
  transformTRPCResponse,
} from "@trpc/server";
import { fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import { getHTTPStatusCode } from "@trpc/server/http";
import type { FastifyReply, FastifyRequest } from "fastify";

type ProcedureType = "query" | "mutation";

export interface TrpcHttpOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => inferRouterContext<TRouter>;
  onError?: (opts: {
    error: TRPCError;
    path: string | undefined;
    input: unknown;
    ctx: inferRouterContext<TRouter> | undefined;
    type: ProcedureType | "subscription" | "unknown";
    req: FastifyRequest;
  }) => void;
}

/** What a request asks for, when it is a plain JSON query or mutation call (or batch of them). */
interface PlainCall {
  batch: boolean;
  type: ProcedureType;
  paths: string[];
  /** The procedures' inputs, already deserialised, by batch index. */
  inputs: unknown[];
}

const METHOD: Record<ProcedureType, string> = { query: "GET", mutation: "POST" };

/** A query parameter's value as Fastify parsed it: the first when it is repeated. */
export const firstValue = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) ? firstValue(value[0]) : undefined;

/**
 * The request as queries or mutations tRPC would run, or null for anything else: a subscription, an unknown
 * procedure, a method the procedure does not take, a mixed batch, input that does not parse. Those go to tRPC's own
 * handler, which answers them exactly as it always has.
 */
function plainCall(router: AnyTRPCRouter, req: FastifyRequest, rawPath: string): PlainCall | null {
  // tRPC streams a batch to a client that accepts JSON lines, and parses other content types its own way.
  const contentType = req.headers["content-type"];
  if (contentType !== undefined && !contentType.startsWith("application/json")) return null;
  if (req.headers["trpc-accept"] !== undefined || req.headers.accept?.includes("application/jsonl"))
    return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const query = req.query as Record<string, unknown>;
  const batch = firstValue(query.batch) === "1";
  const paths = batch ? path.split(",") : [path];
  const procedures = router._def.procedures as Record<string, { _def: { type: string } } | undefined>;
  let type: ProcedureType | undefined;
  for (const p of paths) {
    const procedureType = Object.hasOwn(procedures, p) ? procedures[p]?._def.type : undefined;
    if (procedureType !== "query" && procedureType !== "mutation") return null;
    if (type !== undefined && procedureType !== type) return null;
    type = procedureType;
  }
  if (type === undefined || req.method !== METHOD[type]) return null;
  if (firstValue(query.connectionParams) !== undefined) return null;

  const raw = type === "query" ? firstValue(query.input) : req.body;
  if (raw !== undefined && typeof raw !== "string") return null;
  const deserialize = router._def._config.transformer.input.deserialize;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (parsed === undefined) return { batch, type, paths, inputs: [] };
    if (!batch) return { batch, type, paths, inputs: [deserialize(parsed)] };
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const byIndex = parsed as Record<string, unknown>;
    const inputs = paths.map((_, i) => (byIndex[i] === undefined ? undefined : deserialize(byIndex[i])));
    return { batch, type, paths, inputs };
  } catch {
    return null;
  }
}

/**
 * tRPC's HTTP protocol for JSON queries and mutations, answered from Fastify's request and reply as they are. tRPC's
 * own adapter turns every call into a Fetch Request (headers copied, an AbortController aborted with a DOMException
 * when the response closes) and streams a Fetch Response back through a web stream: measured, about a third of the
 * server's CPU for a cheap call. The answer here is the same bytes, status and headers (a test compares the two);
 * subscriptions (SSE), uploads and anything malformed still go through tRPC's adapter.
 */
export function createTrpcHttpHandler<TRouter extends AnyTRPCRouter>(options: TrpcHttpOptions<TRouter>) {
  const { router, createContext, onError } = options;
  const config = router._def._config;

  return async function trpcHttp(req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) {
    const call = req.method === "HEAD" ? null : plainCall(router, req, req.params.path);
    if (!call) {
      await fastifyRequestHandler({ router, createContext, onError, req, res: reply, path: req.params.path });
      return reply;
    }

    let ctx: inferRouterContext<TRouter> | undefined;
    let contextError: TRPCError | undefined;
    try {
      ctx = createContext({ req, res: reply });
    } catch (cause) {
      contextError = getTRPCErrorFromUnknown(cause);
    }

    const responses = await Promise.all(
      call.paths.map(async (path, index) => {
        const input = call.inputs[index];
        try {
          if (contextError) throw contextError;
          const data: unknown = await callTRPCProcedure({
            router,
            path,
            getRawInput: async () => input,
            ctx,
            type: call.type,
            signal: undefined,
            batchIndex: index,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError?.({ error, path, input, ctx, type: call.type, req });
          return { error: getTRPCErrorShape({ config, ctx, error, input, path, type: call.type }) };
        }
      }),
    );

    return (
      reply
        .code(getHTTPStatusCode(responses))
        .header("vary", "trpc-accept, accept")
        .header("content-type", "application/json")
        // A Buffer, so Fastify sends the content type as tRPC does (a string would gain "; charset=utf-8").
        .send(
          Buffer.from(JSON.stringify(transformTRPCResponse(config, call.batch ? responses : responses[0]!))),
        )
    );
  };
}
