import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expect, it } from "vitest";

/**
 * The production bundle (infra/deploy/bundle.mjs) inlines @fizio/telemetry and keeps every other package
 * external. A static import of an external package would be hoisted to the bundle's top and run at every start,
 * so the SDK must be reached only through dynamic imports.
 */
it("leaves OpenTelemetry out of the bundle's start-up: the SDK is imported only when telemetry starts", async () => {
  const out = await build({
    entryPoints: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
  });
  const code = out.outputFiles[0]!.text;
  const staticImports = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]);
  expect(staticImports.filter((name) => /opentelemetry|@fastify\/otel/.test(name ?? ""))).toEqual([]);
  expect(code).toContain('import("@opentelemetry/sdk-node")');
  expect(code).toContain('import("@fastify/otel")');
});
