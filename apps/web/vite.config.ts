import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";

/** The API (and /config.json) come from the dev server of apps/server on port 4310. */
const api = "http://localhost:4310";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each asset, served as they are (the server's preCompressed): no
    // compression work per request. Source maps stay uncompressed; only developers fetch them.
    // Brotli at its best quality (the entry chunk: 922 KB raw, 293 KB gzip, 248 KB Brotli), about 8 s more build.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/] }),
  ],
  server: {
    port: 5173,
    proxy: { "/api": api, "/config.json": api },
  },
  // The manifest lets scripts/bundle-budget.ts weigh what each page must download before it renders.
  build: { outDir: "dist", sourcemap: true, manifest: true },
  // Unit tests only; the Playwright specs in e2e/ run against a real stack.
  // Sized for a busy 2-core machine: the recording tests move megabytes through IndexedDB.
  test: { include: ["test/**/*.test.ts"], testTimeout: 30_000 },
});
