import { defineConfig } from "vitest/config";

export default defineConfig({
  // Sized for a busy 2-core machine: files seed whole data sets in their hooks and wait on Postgres.
  test: { globalSetup: ["./src/testing/global-setup.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
});
