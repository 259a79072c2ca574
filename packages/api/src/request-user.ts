import type { UserRow } from "@fizio/db";
import type { Context } from "./context";

/**
 * The user each request's session resolved to. Procedures get the user on a context of their own, so code
 * that runs after a procedure failed (the error log, the audit of a refusal) finds them here.
 */
const resolved = new WeakMap<Context, UserRow | null>();

export function rememberRequestUser(ctx: Context, user: UserRow | null): void {
  resolved.set(ctx, user);
}

export function requestUserOf(ctx: Context): UserRow | null {
  return ctx.user ?? resolved.get(ctx) ?? null;
}
