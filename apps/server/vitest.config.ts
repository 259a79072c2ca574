import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Modules shared by the files of a worker, as in packages/api (47 → 30 s).
    isolate: false,
  },
});
