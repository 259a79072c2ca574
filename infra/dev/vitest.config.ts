import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Sized for a busy 2-core machine: the backup test seeds, dumps and restores whole databases and buckets; the
    // demo seed test clones databases (Postgres started once here) and may generate the demo clip.
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
