import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";

// patches/@trpc__server copies tRPC's call options with Object.assign instead of key by key: middlewares must still
// see the context they were given, and inputs merged from two parsers must keep a "__proto__" key as a key.
describe("tRPC's copies of a call's options", () => {
  const t = initTRPC.context<{ user: string; seen: string[] }>().create();
  const router = t.router({
    merged: t.procedure
      // Parsers that return what they were given, so a parsed "__proto__" key reaches tRPC's merge of the two.
      .input((raw: unknown) => raw as { a: number })
      .input((raw: unknown) => raw as { b: number })
      .use(({ ctx, next }) => {
        ctx.seen.push("first");
        return next({ ctx: { role: "provider" } });
      })
      .use(({ ctx, next }) => {
        ctx.seen.push(`second ${ctx.user} ${ctx.role}`);
        return next();
      })
      .query(({ input, ctx }) => ({
        keys: Object.keys(input),
        ownProto: Object.hasOwn(input, "__proto__"),
        prototypeIsObject: Object.getPrototypeOf(input) === Object.prototype,
        role: ctx.role,
      })),
  });

  it("pass each middleware's context on and merge inputs key by key", async () => {
    const ctx = { user: "ana", seen: [] as string[] };
    const caller = t.createCallerFactory(router)(ctx);
    const input = JSON.parse('{"a": 1, "b": 2, "__proto__": {"polluted": true}}');
    const result = await caller.merged(input);
    expect(result).toEqual({
      keys: ["a", "b", "__proto__"],
      ownProto: true,
      prototypeIsObject: true,
      role: "provider",
    });
    expect(ctx.seen).toEqual(["first", "second ana provider"]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
