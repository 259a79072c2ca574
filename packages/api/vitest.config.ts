import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["../db/src/testing/global-setup.ts"],
    // Sized for a busy 2-core machine: each file clones a database, seeds it and starts a local S3 in its hooks;
    // tests render PDFs, move recordings and race bookings through Postgres.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The files share a worker's modules instead of each importing the API, drizzle and better-auth afresh: that
    // import was half the run (85 of 177 s; 61 s in all without it). No file mocks modules or keeps global state.
    isolate: false,
  },
});
