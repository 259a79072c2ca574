import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readlink, rm, symlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import { reachableByOthers } from "./reachable";

/**
 * Where the cluster's files live. Normally `<dataDir>/pg`; when the `postgres` user cannot enter dataDir (a
 * root checkout under /root), under `cacheRoot` instead, with `<dataDir>/pg` a link to it, so the data still
 * belongs to the project: deleting dataDir to start over (README) also starts the cluster over.
 */
export async function clusterDirectory(
  dataDir: string,
  options: { asOtherUser: boolean; cacheRoot?: string },
): Promise<string> {
  const link = join(dataDir, "pg");
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  if (!options.asOtherUser || (await reachableByOthers(dataDir))) return link;

  const cacheRoot = options.cacheRoot ?? "/var/tmp";
  const tag = createHash("sha256").update(resolve(dataDir)).digest("hex").slice(0, 12);
  const target = join(cacheRoot, `fizio-pgdata-${tag}`);
  const linked = await readlink(link).catch(() => null);
  if (linked !== target) {
    // No link: this project's data was deleted (or never made), so an old cluster there is not its own.
    await rm(target, { recursive: true, force: true });
    await rm(link, { recursive: true, force: true });
    await symlink(target, link);
  }
  if (!existsSync(target)) await mkdir(target, { recursive: true });
  return target;
}
