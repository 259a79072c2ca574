import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The demo seed test clones databases (Postgres started once here) and may generate the demo clip.
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
