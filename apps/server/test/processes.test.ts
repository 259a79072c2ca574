import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { databasePoolSize } from "../src/database-pool";
import { serverProcesses } from "../src/processes";

describe("SERVER_PROCESSES", () => {
  it("is one process unless set", () => {
    expect(serverProcesses({})).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: "" })).toBe(1);
  });

  it("takes a whole number of processes", () => {
    expect(serverProcesses({ SERVER_PROCESSES: "2" })).toBe(2);
  });

  it("refuses anything else at start-up, naming the variable", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"])
      expect(() => serverProcesses({ SERVER_PROCESSES: value })).toThrow(/SERVER_PROCESSES/);
  });
});

describe("DATABASE_POOL_SIZE", () => {
  it("is node-postgres's 10 unless set", () => {
    expect(databasePoolSize({})).toBe(10);
    expect(databasePoolSize({ DATABASE_POOL_SIZE: "" })).toBe(10);
  });

  it("takes a whole number of connections", () => {
    expect(databasePoolSize({ DATABASE_POOL_SIZE: "4" })).toBe(4);
  });

  it("refuses anything else at start-up, naming the variable", () => {
    for (const value of ["1", "0", "2.5", "four", "101"])
      expect(() => databasePoolSize({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe("the supervisor of several server processes", () => {
  it("loads none of the server: main.ts reaches it only through a dynamic import", async () => {
    // Split as infra/deploy/bundle.mjs splits it; everything the entry loads at start is its static import graph.
    const out = await build({
      entryPoints: { main: fileURLToPath(new URL("../src/main.ts", import.meta.url)) },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outdir: "/virtual",
      write: false,
    });
    const files = new Map(out.outputFiles.map((f) => [f.path.slice("/virtual/".length), f.text]));
    const loaded = new Set<string>();
    const visit = (name: string) => {
      if (loaded.has(name)) return;
      loaded.add(name);
      for (const [, spec] of files.get(name)!.matchAll(/^import\s[^;]*?["']([^"']+)["']/gm))
        if (spec?.startsWith("./")) visit(spec.slice(2));
        else loaded.add(spec!);
    };
    visit("main.js");
    expect([...loaded].filter((name) => !name.endsWith(".js") && !name.startsWith("node:"))).toEqual([]);
    expect(files.get("main.js")).toMatch(/import\("\.\/serve-[^"]+\.js"\)/);
  });
});
