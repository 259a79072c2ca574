import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { type OtlpReceiver, startOtlpReceiver } from "@fizio/telemetry/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
/** Any OpenTelemetry module but the API (which better-auth probes for and uses as a no-op when nothing is set). */
const SDK_MODULE = /\/node_modules\/(@opentelemetry\/(?!api\/)|@fastify\/otel\/)/;

let t: TestDatabase;
let receiver: OtlpReceiver;
let dir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  receiver = await startOtlpReceiver();
  dir = await mkdtemp(join(tmpdir(), "fizio-otel-off-"));
  // A module resolve hook that writes down every module the server process loads.
  await writeFile(
    join(dir, "hooks.mjs"),
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.FIZIO_LOADED_LOG, resolved.url + "\\n");
  return resolved;
}`,
  );
  await writeFile(
    join(dir, "register.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(`file://${join(dir, "hooks.mjs")}`)});`,
  );
});
afterAll(async () => {
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
  await t.drop();
});

/** Runs the production entry (src/main.ts), signs in wrongly once, stops it; returns the modules it loaded. */
async function runServer(env: Record<string, string>) {
  const log = join(dir, `loaded-${Date.now()}.txt`);
  await writeFile(log, "");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--import", join(dir, "register.mjs"), "src/main.ts"],
    {
      cwd: serverDir,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: t.url,
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_BUCKET: "fizio",
        S3_ACCESS_KEY_ID: "test",
        S3_SECRET_ACCESS_KEY: "test",
        AUTH_SECRET: "x".repeat(40),
        SMTP_URL: "smtp://127.0.0.1:9",
        HOST: "127.0.0.1",
        PORT: "0",
        FIZIO_LOADED_LOG: log,
        ...env,
      },
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        const listening = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (listening) resolve(listening[1]!);
      });
      child.stderr?.on("data", (d: Buffer) => {
        out += d.toString();
      });
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out.slice(-2000)}`)));
    });
    const res = await fetch(`${url}/api/v1/auth.login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { email: "nobody@fizio.test", password: "wrong-password" } }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
  return (await readFile(log, "utf8")).split("\n").filter(Boolean);
}

describe("OpenTelemetry off (OTEL_EXPORTER_OTLP_ENDPOINT unset)", () => {
  // Two starts of the server from its sources, each module's resolution written down: slow on a busy machine.
  it("loads no SDK, instrumentation or exporter and sends nothing; set, the same entry loads and exports", async () => {
    const off = await runServer({});
    expect(off.some((url) => url.includes("/apps/server/src/server.ts"))).toBe(true);
    expect(off.filter((url) => SDK_MODULE.test(url))).toEqual([]);
    expect(receiver.requests).toEqual([]);

    // The same check, telemetry on: the hook does see the SDK, and the stop flushes an export.
    const on = await runServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    expect(on.some((url) => url.includes("/node_modules/@opentelemetry/sdk-node/"))).toBe(true);
    expect(receiver.requests.map((r) => r.path)).toContain("/v1/traces");
  });
});
