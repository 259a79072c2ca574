// pnpm bench:start: how long the server and the analysis worker take to start, and their memory once ready,
// run from the TypeScript sources through tsx (as `pnpm start` does) and from the production bundles
// (infra/deploy/bundle.mjs, as the Docker image does). Starts its own Postgres and S3 on spare ports.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT, startStack } from "./stack";

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 4480;

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

/** Starts `args` and resolves once `ready` says so: milliseconds to ready and RSS then. */
async function measure(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: (out: string) => Promise<boolean>,
) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${out.slice(-2000)}`);
      if (await ready(out)) break;
      if (performance.now() - started > 120_000) throw new Error(`not ready in 120 s: ${out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    // Memory after the first requests or jobs would land, once start-up garbage is collectable.
    await new Promise((r) => setTimeout(r, 1000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = await mkdtemp(join(tmpdir(), "fizio-bench-start-"));
const stack = await startStack({
  dataDir,
  port: PORT,
  pgPort: PORT + 1,
  worker: false,
  durable: false,
  logLevel: "warn",
  devMailbox: false,
});
const env = {
  ...process.env,
  ...stack.storageEnv,
  DATABASE_URL: stack.databaseUrl,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
  PORT: String(PORT + 2),
  LOG_LEVEL: "info",
  WORKER_ID: "bench-start",
};
const healthy = async () => {
  try {
    return (await fetch(`http://127.0.0.1:${PORT + 2}/health`)).ok;
  } catch {
    return false;
  }
};
const workerReady = async (out: string) => out.includes("analysis worker started");
const cases = [
  {
    name: "server, tsx (src/main.ts)",
    cwd: "apps/server",
    args: ["--import", "tsx", "src/main.ts"],
    ready: healthy,
  },
  {
    name: "server, bundle (dist/bin/main.mjs)",
    cwd: "apps/server",
    args: ["dist/bin/main.mjs"],
    ready: healthy,
  },
  {
    name: "analysis worker, tsx",
    cwd: "workers/analysis",
    args: ["--import", "tsx", "src/main.ts"],
    ready: workerReady,
  },
  {
    name: "analysis worker, bundle",
    cwd: "workers/analysis",
    args: ["dist/bin/main.mjs"],
    ready: workerReady,
  },
];
try {
  // The image's migration step, on a database already up to date: it loads and finds its SQL files.
  const migrateStarted = performance.now();
  execFileSync(process.execPath, ["dist/bin/migrate.mjs"], { cwd: join(REPO_ROOT, "apps/server"), env });
  console.log(`migrate bundle (nothing pending): ${Math.round(performance.now() - migrateStarted)} ms`);
  console.log(
    `runs: ${RUNS} each (median shown); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log("| process | start to ready | memory (RSS) when ready |\n|---|---|---|");
  for (const c of cases) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await measure(c.args, join(REPO_ROOT, c.cwd), env, c.ready));
    const ms = median(results.map((r) => r.ms));
    const rss = median(results.map((r) => r.rss));
    console.log(`| ${c.name} | ${Math.round(ms)} ms | ${rss} MB |`);
  }
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
