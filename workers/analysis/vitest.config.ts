import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { globalSetup: ["@fizio/db/testing/global-setup"], testTimeout: 60_000, hookTimeout: 120_000 },
});
