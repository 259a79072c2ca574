import { initTRPC, TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type InjectOptions } from "fastify";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTrpcHttpHandler } from "../src/trpc-http";

interface Ctx {
  user: string | null;
  setCookie: (value: string) => void;
}

const t = initTRPC.context<Ctx>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    data: { ...shape.data, cause: error.cause?.message ?? null },
  }),
});
const authed = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "FIZ408" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
let counter = 0;
const router = t.router({
  hello: t.procedure.query(() => ({ at: new Date("2026-01-02T03:04:05Z"), tags: new Set(["a"]) })),
  echo: t.procedure.input(z.object({ n: z.number(), when: z.date().optional() })).query(({ input }) => input),
  me: authed.query(({ ctx }) => ctx.user),
  nothing: t.procedure.query(() => undefined),
  fails: t.procedure.query(() => {
    throw new Error("database down");
  }),
  bump: t.procedure.input(z.object({ by: z.number().int() })).mutation(({ input, ctx }) => {
    ctx.setCookie(`n=${counter}`);
    counter += input.by;
    return counter;
  }),
  ticks: t.procedure.subscription(async function* () {
    yield 1;
  }),
});

const errors: string[][] = [];
function createContext({
  req,
  res,
}: {
  req: { headers: Record<string, unknown> };
  res: { header: (k: string, v: string) => unknown };
}): Ctx {
  return {
    user: typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null,
    setCookie: (value) => void res.header("set-cookie", value),
  };
}

async function serverWith(kind: "trpc" | "lean"): Promise<FastifyInstance> {
  const app = Fastify();
  const onError = ({ error, path }: { error: TRPCError; path: string | undefined }) =>
    void errors.push([kind, path ?? "", error.code]);
  if (kind === "trpc") {
    await app.register(fastifyTRPCPlugin, {
      prefix: "/api",
      trpcOptions: { router, createContext, onError },
    });
  } else {
    const handle = createTrpcHttpHandler({ router, createContext, onError });
    await app.register(
      async (api) => {
        api.removeContentTypeParser("application/json");
        api.addContentTypeParser("application/json", { parseAs: "string" }, (_r, body, done) =>
          done(null, body),
        );
        api.all<{ Params: { path: string } }>("/:path", handle);
      },
      { prefix: "/api" },
    );
  }
  return app;
}

/** Outside production tRPC adds the error's stack, which names the handler it passed through. */
const withoutStacks = (body: string) => body.replace(/"stack":"(?:[^"\\]|\\.)*",?/g, "");

const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));
const batchInput = (values: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(values.map((v, i) => [i, superjson.serialize(v)]))));
const json = { "content-type": "application/json" };

const cases: [string, InjectOptions][] = [
  ["a query with dates and sets", { method: "GET", url: "/api/hello" }],
  ["a query with input", { method: "GET", url: `/api/echo?input=${input({ n: 1, when: new Date(0) })}` }],
  ["a query whose input is refused", { method: "GET", url: `/api/echo?input=${input({ n: "x" })}` }],
  ["a query returning nothing", { method: "GET", url: "/api/nothing" }],
  ["an unauthorised caller", { method: "GET", url: "/api/me" }],
  ["an authorised caller", { method: "GET", url: "/api/me", headers: { "x-user": "ana" } }],
  ["a procedure that throws", { method: "GET", url: "/api/fails" }],
  [
    "a batch of successes",
    { method: "GET", url: `/api/hello,echo,nothing?batch=1&input=${batchInput([undefined, { n: 2 }])}` },
  ],
  ["a batch with an error (207)", { method: "GET", url: `/api/hello,me?batch=1&input=${batchInput([])}` }],
  ["a batch of the same error", { method: "GET", url: "/api/me,me?batch=1&input=%7B%7D" }],
  ["a batch without input", { method: "GET", url: "/api/hello,nothing?batch=1" }],
  ["a batch whose input is not an object", { method: "GET", url: "/api/hello?batch=1&input=%5B1%5D" }],
  [
    "a mutation",
    { method: "POST", url: "/api/bump", headers: json, payload: superjson.serialize({ by: 2 }) },
  ],
  [
    "a batched mutation",
    {
      method: "POST",
      url: "/api/bump,bump?batch=1",
      headers: json,
      payload: { 0: superjson.serialize({ by: 1 }) },
    },
  ],
  ["a mutation with bad JSON", { method: "POST", url: "/api/bump", headers: json, payload: "{nope" }],
  ["a query with bad JSON", { method: "GET", url: "/api/echo?input=%7Bnope" }],
  ["a mutation by GET", { method: "GET", url: "/api/bump" }],
  ["a query by POST", { method: "POST", url: "/api/hello", headers: json, payload: "{}" }],
  ["an unknown procedure", { method: "GET", url: "/api/nope" }],
  ["an inherited name", { method: "GET", url: "/api/constructor" }],
  ["a mixed batch", { method: "GET", url: "/api/hello,bump?batch=1" }],
  ["a bad escape in the path", { method: "GET", url: "/api/%E0%A4%A" }],
  ["HEAD", { method: "HEAD", url: "/api/hello" }],
  ["a subscription", { method: "GET", url: "/api/ticks" }],
  [
    "JSON lines asked for",
    { method: "GET", url: "/api/hello?batch=1", headers: { "trpc-accept": "application/jsonl" } },
  ],
];

describe("the lean tRPC HTTP handler answers as tRPC's adapter does", () => {
  let trpcApp: FastifyInstance;
  let leanApp: FastifyInstance;
  beforeAll(async () => {
    trpcApp = await serverWith("trpc");
    leanApp = await serverWith("lean");
  });
  afterAll(async () => {
    await trpcApp.close();
    await leanApp.close();
  });

  it.each(cases)("%s", async (_name, request) => {
    counter = 0;
    errors.length = 0;
    const expected = await trpcApp.inject(request);
    const expectedErrors = errors.splice(0).map(([, ...rest]) => rest);
    counter = 0;
    const actual = await leanApp.inject(request);
    const actualErrors = errors.splice(0).map(([, ...rest]) => rest);

    expect(actual.statusCode).toBe(expected.statusCode);
    expect(withoutStacks(actual.body)).toBe(withoutStacks(expected.body));
    for (const header of ["content-type", "vary", "set-cookie", "cache-control"])
      expect(actual.headers[header], header).toEqual(expected.headers[header]);
    expect(actualErrors).toEqual(expectedErrors);
  });
});
