// pnpm bench:telemetry: what OpenTelemetry costs the production server. Runs the server's bundle (as the image
// does) with OTEL_EXPORTER_OTLP_ENDPOINT unset and set (http/protobuf to a local sink), alternately, RUNS times
// each; each run signs the demo provider in and sends REQUESTS calls, CONCURRENCY at a time, of two procedures
// that read the database (the roster and the unread count). Prints the server's CPU time per request (from
// /proc, steadier than wall time on a shared machine), latency percentiles, the machine's load, and what the
// sink received: the span names found in the exports prove the bundle is instrumented (HTTP, tRPC, pg).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "@fizio/db";
import { startOtlpReceiver } from "@fizio/telemetry/testing";
import superjson from "superjson";
import { REPO_ROOT, startStack } from "./stack";

const RUNS = Number(process.env.RUNS ?? 3);
const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const PORT = 4427;
const base = `http://127.0.0.1:${PORT + 2}`;

/** User + system CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const query = (procedure: string, input: unknown) =>
  `${base}/api/v1/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

async function run(env: NodeJS.ProcessEnv) {
  const server = spawn(process.execPath, ["dist/bin/main.mjs"], {
    cwd: join(REPO_ROOT, "apps/server"),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(PORT + 2), HOST: "127.0.0.1" },
  });
  try {
    const started = Date.now();
    while (
      !(await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() - started > 60_000) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const login = await fetch(`${base}/api/v1/auth.login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(superjson.serialize({ email: "provider@fizio.test", password: DEMO_PASSWORD })),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const urls = [
      query("patients.list", { page: 1, pageSize: 20 }),
      query("messages.unreadCount", undefined),
    ];
    const call = async (n: number) => {
      const t0 = performance.now();
      const res = await fetch(urls[n % urls.length]!, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${urls[n % urls.length]}: ${res.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 100; i++) await call(i);
    const cpuBefore = cpuSeconds(server.pid!);
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) latencies.push(await call(next++));
      }),
    );
    const cpu = cpuSeconds(server.pid!) - cpuBefore;
    latencies.sort((a, b) => a - b);
    return {
      cpuMsPerRequest: (cpu * 1000) / REQUESTS,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    };
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
}

const dataDir = await mkdtemp(join(tmpdir(), "fizio-bench-telemetry-"));
const stack = await startStack({
  dataDir,
  port: PORT,
  pgPort: 55427,
  worker: false,
  durable: false,
  logLevel: "warn",
  devMailbox: false,
});
const sink = await startOtlpReceiver();
const env = {
  ...process.env,
  ...stack.storageEnv,
  DATABASE_URL: stack.databaseUrl,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
  OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
};
try {
  const results: Record<"off" | "on", Awaited<ReturnType<typeof run>>[]> = { off: [], on: [] };
  for (let i = 0; i < RUNS; i++) {
    results.off.push(await run(env));
    results.on.push(await run({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `\n${RUNS} runs each of ${REQUESTS} requests, ${CONCURRENCY} in flight (median shown); load average ${load()}`,
  );
  console.log("| OpenTelemetry | server CPU per request | p50 | p99 |\n|---|---|---|---|");
  for (const mode of ["off", "on"] as const) {
    const r = results[mode];
    const ms = (xs: number[]) => `${median(xs).toFixed(2)} ms`;
    console.log(
      `| ${mode} | ${ms(r.map((x) => x.cpuMsPerRequest))} | ${ms(r.map((x) => x.p50))} | ${ms(r.map((x) => x.p99))} |`,
    );
  }
  const off = median(results.off.map((x) => x.cpuMsPerRequest));
  const on = median(results.on.map((x) => x.cpuMsPerRequest));
  console.log(`CPU per request with telemetry on: ${((on / off - 1) * 100).toFixed(0)} % more`);
  const exports = sink.requests.filter((r) => r.path === "/v1/traces");
  const body = Buffer.concat(exports.map((r) => r.body));
  const seen = ["GET /api/v1/:path", "trpc patients.list", "trpc messages.unreadCount", "pg.query"].map(
    (name) => `${name}: ${body.includes(name) ? "yes" : "NO"}`,
  );
  console.log(
    `sink received ${exports.length} trace and ${sink.requests.filter((r) => r.path === "/v1/metrics").length} metric exports (${sink.requests[0]?.contentType ?? "none"}); spans seen: ${seen.join(", ")}`,
  );
} finally {
  await sink.close();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
