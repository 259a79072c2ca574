import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    // Sized for a busy 2-core machine: the backup test seeds, dumps and restores whole databases and buckets.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
