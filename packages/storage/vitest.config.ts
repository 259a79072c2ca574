import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The tests start a local S3 and move megabytes through it (a 5 MB part): on a busy 2-core machine that took
    // more than vitest's default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
