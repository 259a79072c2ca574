import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { globalSetup: ["@fizio/db/testing/global-setup"], testTimeout: 180_000, hookTimeout: 120_000 },
});
