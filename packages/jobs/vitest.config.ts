import { defineConfig } from "vitest/config";

export default defineConfig({
  // Sized for a busy 2-core machine: the tests run graphile-worker against Postgres.
  test: { globalSetup: ["@fizio/db/testing/global-setup"], testTimeout: 60_000, hookTimeout: 120_000 },
});
