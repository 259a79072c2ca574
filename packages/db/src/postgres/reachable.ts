import { constants } from "node:fs";
import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/**
 * True when a user who is neither owner nor group member (as the `postgres` user is, for a root checkout) can
 * reach `path`: every ancestor directory searchable by others, and the path itself readable and, for a
 * directory, searchable. A home directory like /root (0700) fails this.
 */
export async function reachableByOthers(path: string): Promise<boolean> {
  let current = resolve(path);
  try {
    const own = await stat(current);
    const need = own.isDirectory() ? constants.S_IROTH | constants.S_IXOTH : constants.S_IROTH;
    if ((own.mode & need) !== need) return false;
    for (let parent = dirname(current); parent !== current; current = parent, parent = dirname(current)) {
      if (((await stat(parent)).mode & constants.S_IXOTH) === 0) return false;
    }
    return true;
  } catch {
    return false;
  }
}
