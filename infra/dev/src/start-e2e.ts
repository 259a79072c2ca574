import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT, startStack } from "./stack";

/**
 * A fresh throwaway stack for Playwright: new database and storage every run, dev mailbox on. The analysis
 * worker runs from its production bundle, built here first, so the suite covers what the image runs.
 */
const withWorker = process.env.FIZIO_WORKER === "true";
if (withWorker)
  execFileSync(process.execPath, [join(REPO_ROOT, "infra/deploy/bundle.mjs")], { stdio: "inherit" });
const dataDir = await mkdtemp(join(tmpdir(), "fizio-e2e-"));
const stack = await startStack({
  dataDir,
  port: Number(process.env.PORT ?? 4311),
  pgPort: { from: 55_000, count: 1000 },
  worker: withWorker,
  bundledWorker: true,
  durable: false,
  logLevel: process.env.LOG_LEVEL ?? "warn",
  devMailbox: true,
});
console.log(`[fizio] e2e stack ready at ${stack.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
