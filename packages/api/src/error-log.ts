import { writeErrorLog } from "@fizio/db";
import type { TRPCError } from "@trpc/server";
import type { Context } from "./context";
import { errorData } from "./errors";
import { requestUserOf } from "./request-user";

const SAFE_NAME = /^[A-Za-z_$][\w$]{0,59}$/;
/** A database SQLSTATE (23505) or a system error code (ECONNREFUSED): names a kind, holds no values. */
const SAFE_CODE = /^[A-Z0-9_]{1,40}$/;

/** The errors a failure wraps, outermost first (drizzle's query error wraps the driver's). */
function chainOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let e = error; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}

/**
 * What the error log keeps of a server failure: the FIZ code sent to the browser, the error classes and any
 * database or system code. Never the messages: they can hold SQL, parameters, emails or tokens, and stay in
 * the server log only.
 */
export function errorLogMessage(fiz: string, error: unknown): string {
  const chain = chainOf(error);
  const names = chain.map((e) => e.constructor?.name).filter((n): n is string => SAFE_NAME.test(n ?? ""));
  const codes = chain
    .map((e) => (e as { code?: unknown }).code)
    .filter((c): c is string => typeof c === "string" && SAFE_CODE.test(c));
  return [fiz, names.join(" > ") || "Error", codes.length ? `[${codes.join(", ")}]` : ""]
    .filter(Boolean)
    .join(" ");
}

/** Only the stack's frames: its first lines repeat the message. */
export function stackFramesOf(error: unknown): string | null {
  const stack = error instanceof Error ? error.stack : undefined;
  const frames = stack?.split("\n").filter((line) => /^\s+at \S/.test(line));
  return frames?.length ? frames.join("\n").slice(0, 8000) : null;
}

/**
 * An unexpected server failure as admins read it at /audit/error-log: under the caller's organisation, or
 * none for an anonymous caller (super admins only). A failed write is logged, never thrown over the error.
 */
export async function logServerError(ctx: Context, error: TRPCError, path: string): Promise<void> {
  const user = requestUserOf(ctx);
  const cause = error.cause ?? error;
  await writeErrorLog(ctx.db, {
    organizationId: user?.organizationId ?? null,
    source: "server",
    kind: "API",
    message: errorLogMessage(errorData(error).fiz, cause),
    stack: stackFramesOf(cause),
    path,
    role: user?.role ?? null,
    status: 500,
    userId: user?.id ?? null,
    requestId: ctx.requestId,
  }).catch((err: unknown) =>
    ctx.log.error({ err, path, requestId: ctx.requestId }, "could not write the error log"),
  );
}
