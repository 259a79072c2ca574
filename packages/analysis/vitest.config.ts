import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Video fixtures, model inference and encoding take seconds, not milliseconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
