import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { hashPassword } from "@fizio/api";
import { DEMO_LOGINS, seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { runMigrationsForQueue } from "@fizio/jobs";
import { createStorage, startLocalS3 } from "@fizio/storage";
import superjson from "superjson";
import { serverConfigFromEnv } from "../src/config";
import { createServer, type FizioServer } from "../src/server";

/** What the server answered one call: the HTTP status and the parsed body (null when it is not JSON). */
export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
}

export interface CallOptions {
  /** The session cookie of a signed-in caller. */
  cookie?: string;
  /** The input as JSON, as sent: not through superjson (a date string stays a string). */
  raw?: boolean;
  /** The whole body as sent (its `json` and superjson's `meta`), instead of the input's serialisation. */
  wire?: unknown;
  /** The client's address, as the proxy in front says it (the harness started with `trustProxy`). */
  ip?: string;
}

export interface HttpHarness {
  t: TestDatabase;
  server: FizioServer;
  /** The listening server's origin, e.g. http://127.0.0.1:40123. */
  origin: string;
  /** The server log's lines at warn and above, parsed. */
  logged: { level: number; msg: string; err?: { message?: string; stack?: string }; path?: string }[];
  query: (path: string, input: unknown, options?: CallOptions) => Promise<HttpAnswer>;
  mutation: (path: string, input: unknown, options?: CallOptions) => Promise<HttpAnswer>;
  /**
   * Opens a subscription's event stream and reads it until an event other than the connection's own arrives, or
   * for `withinMs`; then closes it. The body is the stream's text so far.
   */
  subscribe: (
    path: string,
    input: unknown,
    options?: CallOptions & { withinMs?: number },
  ) => Promise<HttpAnswer>;
  /** Signs in with the demo password and returns the session cookie. */
  signIn: (email: string) => Promise<string>;
  stop: () => Promise<void>;
}

const encode = (input: unknown, options: CallOptions = {}) =>
  JSON.stringify(options.wire ?? (options.raw ? { json: input } : superjson.serialize(input)));

async function answer(res: Response): Promise<HttpAnswer> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text };
}

/**
 * The whole server on a real socket, as a browser reaches it (Node's HTTP parser and its limits included), over
 * a harness database of its own with the demo seed, graphile-worker's schema and a local S3. No system jobs run.
 */
export async function startHttpHarness(options: { trustProxy?: boolean } = {}): Promise<HttpHarness> {
  const t = await createTestDatabase();
  await runMigrationsForQueue(t.url);
  await seedDemo(t.db, hashPassword);
  const dir = await mkdtemp(join(tmpdir(), "fizio-server-s3-"));
  const s3 = await startLocalS3({ dir, bucket: "fizio" });
  const storage = createStorage(s3.config);
  const logged: HttpHarness["logged"] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  const server = await createServer({
    db: t.db,
    config: serverConfigFromEnv(
      {
        AUTH_SECRET: "x".repeat(40),
        PORT: "0",
        HOST: "127.0.0.1",
        TRUST_PROXY: options.trustProxy ? "1" : "0",
      },
      // The demo logins sign in with a password alone, as in the dev stack; two-factor has its own tests.
      { twoFactorExemptEmails: DEMO_LOGINS.map((login) => login.email) },
    ),
    storage,
    logger: { level: "warn", stream },
    systemJobs: false,
  });
  const origin = (await server.start()).replace("localhost", "127.0.0.1");
  const headers = (options: CallOptions) => ({
    "content-type": "application/json",
    ...(options.cookie && { cookie: options.cookie }),
    ...(options.ip && { "x-forwarded-for": options.ip }),
  });

  const harness: HttpHarness = {
    t,
    server,
    origin,
    logged,
    query: async (path, input, options = {}) => {
      const query =
        input === undefined && !options.wire ? "" : `?input=${encodeURIComponent(encode(input, options))}`;
      return answer(await fetch(`${origin}/api/v1/${path}${query}`, { headers: headers(options) }));
    },
    mutation: async (path, input, options = {}) =>
      answer(
        await fetch(`${origin}/api/v1/${path}`, {
          method: "POST",
          headers: headers(options),
          body: input === undefined && !options.wire ? undefined : encode(input, options),
        }),
      ),
    subscribe: async (path, input, options = {}) => {
      const query =
        input === undefined && !options.wire ? "" : `?input=${encodeURIComponent(encode(input, options))}`;
      const abort = new AbortController();
      const deadline = setTimeout(() => abort.abort(), options.withinMs ?? 2_000);
      let text = "";
      let status = 0;
      try {
        const res = await fetch(`${origin}/api/v1/${path}${query}`, {
          headers: { ...headers(options), accept: "text/event-stream" },
          signal: abort.signal,
        });
        status = res.status;
        const decoder = new TextDecoder();
        for await (const chunk of res.body ?? []) {
          text += decoder.decode(chunk, { stream: true });
          // tRPC opens the stream with its "connected" message; the next one is the answer (data or error).
          const messages = text.split("\n\n").filter((m) => m.trim() !== "");
          if (!text.startsWith("event: connected") || messages.length > 1) break;
        }
      } catch (error) {
        if (!abort.signal.aborted) throw error;
      } finally {
        clearTimeout(deadline);
        abort.abort();
      }
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      return { status, body, text };
    },
    signIn: async (email) => {
      const res = await fetch(`${origin}/api/v1/auth.login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: encode({ email, password: "Fizio#2026" }),
      });
      if (res.status !== 200)
        throw new Error(`${email} could not sign in: ${res.status} ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
    stop: async () => {
      await server.stop();
      storage.destroy();
      await s3.stop();
      await rm(dir, { recursive: true, force: true });
      await t.drop();
    },
  };
  return harness;
}

/** The `data` of a tRPC error answer (a batch's first), or undefined. */
export function errorDataOf(answer: HttpAnswer): { fiz?: string; httpStatus?: number } | undefined {
  const body = Array.isArray(answer.body) ? answer.body[0] : answer.body;
  const error = (body as { error?: { json?: { data?: { fiz?: string; httpStatus?: number } } } } | null)
    ?.error;
  return error?.json?.data;
}
