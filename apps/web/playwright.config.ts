import { defineConfig, devices } from "@playwright/test";

/** E2E_PORT moves the throwaway stack off 4311 when a dev stack already holds it. */
const port = process.env.E2E_PORT ?? "4311";

/**
 * Runs against the throwaway stack of infra/dev (fresh database and storage, demo data, dev mailbox on),
 * which serves the built web app (apps/web/dist) and the API on one port. Uses the system chromium.
 */
export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A safety net against a hung test, not a speed limit: the longer flows (two users, dozens of steps) run
  // about two and a half times slower on a busy 2-core machine than on a quiet one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    // Recording a trace (DOM snapshots, a screencast) cost a quarter of the machine's CPU in every test (measured on
    // the accessibility spec: 180 s of CPU with it, 137 s without); in CI only a retry records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "pnpm --filter @fizio/dev start:e2e",
    url: `http://127.0.0.1:${port}/health`,
    // The analysis worker runs in the stack, so uploaded support videos are really processed.
    env: { PORT: port, FIZIO_WORKER: "true" },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
  },
});
