import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { rateLimits } from "../schema";

/**
 * Counts a hit in a fixed window and returns how many hits the window holds now.
 * One upsert, so concurrent requests on several replicas count correctly.
 */
export async function hitRateLimit(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}
