// Builds the server and the analysis worker once into plain JavaScript, so production runs `node` on a
// bundle instead of compiling TypeScript with tsx at every start. Usage: node infra/deploy/bundle.mjs
//
// The workspace packages (@fizio/*, TypeScript sources) are bundled. Every other package stays external and
// is imported by a path relative to the bundle, resolved now from the file that imports it: pnpm's strict
// node_modules would not let the server's bundle find a package only @fizio/api depends on by its name.
// Files found at run time through createRequire (the pose model's weights, tfjs's wasm) are looked up from the
// bundle's own package, which therefore lists them as dependencies too (workers/analysis, apps/server).
import { cp, mkdir, rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const builtins = new Set(builtinModules);

/** Bare imports of node_modules packages become relative external paths; @fizio/* is bundled. */
function externalPackages(outdir) {
  return {
    name: "external-packages",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.resolving || args.path.startsWith("@fizio/")) return undefined;
        if (args.path.startsWith("node:") || builtins.has(args.path.split("/")[0]))
          return { path: args.path, external: true };
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { resolving: true },
        });
        // Optional packages (tfjs-node) may be absent: left bare, their dynamic import fails and is handled.
        if (resolved.errors.length > 0) return { path: args.path, external: true };
        const relative = path.relative(outdir, resolved.path).split(path.sep).join("/");
        return { path: relative.startsWith(".") ? relative : `./${relative}`, external: true };
      });
    },
  };
}

async function bundle(name, entryPoints, outdir, options = {}) {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const started = performance.now();
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    outExtension: { ".js": ".mjs" },
    sourcemap: true,
    logLevel: "warning",
    plugins: [externalPackages(outdir)],
    ...options,
  });
  console.log(
    `[bundle] ${name}: ${path.relative(root, outdir)} in ${Math.round(performance.now() - started)} ms`,
  );
}

// dist/bin/*.mjs: the database package finds its migrations at ../migrations from its own module.
const migrations = path.join(root, "packages/db/migrations");
const server = path.join(root, "apps/server/dist/bin");
await bundle(
  "server",
  {
    main: path.join(root, "apps/server/src/main.ts"),
    // The release's migration step (k8s/migrate-job.yaml), from the same image.
    migrate: path.join(root, "infra/dev/src/migrate.ts"),
    // The first-run command (create-super-admin), from the same image.
    admin: path.join(root, "infra/dev/src/admin.ts"),
    // Backups and restores (backup, restore), from the same image.
    backup: path.join(root, "infra/dev/src/backup.ts"),
  },
  server,
  // Code split at dynamic imports into chunks beside the entries (external paths are relative to this folder): the supervisor of several server processes
  // loads main.mjs without the server (apps/server/src/main.ts).
  { splitting: true },
);
await cp(migrations, path.join(server, "../migrations"), { recursive: true });

const worker = path.join(root, "workers/analysis/dist/bin");
await bundle(
  "analysis worker",
  {
    main: path.join(root, "workers/analysis/src/main.ts"),
    // Started by the pose pool beside the bundle (pose-worker.mjs), one per thread.
    "pose-worker": path.join(root, "packages/analysis/src/pose/worker.ts"),
  },
  worker,
);
await cp(migrations, path.join(worker, "../migrations"), { recursive: true });
