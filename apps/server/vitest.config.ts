import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    // Sized for a busy 2-core machine: tests start servers, a local S3 and child processes that load the whole
    // OpenTelemetry SDK, and the fuzzer calls every procedure (a group of it took up to 40 s at load average 15).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Modules shared by the files of a worker, as in packages/api (47 → 30 s).
    isolate: false,
  },
});
