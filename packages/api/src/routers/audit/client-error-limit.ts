import { hitRateLimit, type UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import type { Context } from "../../context";

/**
 * Enough for a page that keeps failing, not for flooding the error log: per address (several people may
 * share one) and per signed-in user.
 */
const PER_MINUTE = { ip: 60, user: 30 };

export async function enforceClientErrorLimit(ctx: Context, user: UserRow | null): Promise<void> {
  const [byIp, byUser] = await Promise.all([
    hitRateLimit(ctx.db, `client-error:ip:${ctx.ip}`, 60),
    user ? hitRateLimit(ctx.db, `client-error:user:${user.id}`, 60) : 0,
  ]);
  if (byIp > PER_MINUTE.ip || byUser > PER_MINUTE.user) throw new AppError("FIZ260");
}
