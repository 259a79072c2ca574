import type { Db } from "@fizio/db";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export interface HealthProbe {
  ping: () => Promise<unknown>;
}

type PartHealth = "ok" | "unavailable";

/** The reason goes to the log only: /health is public, and driver messages name hosts, users and ports. */
async function check(part: string, fn: () => Promise<unknown>, log: FastifyBaseLogger): Promise<PartHealth> {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    return "ok";
  } catch (error) {
    log.warn({ err: error, part }, "health check failed");
    return "unavailable";
  }
}

/** 200 only when Postgres and object storage both answer; 503 names which part did not. */
export async function healthPlugin(app: FastifyInstance, deps: { db: Db; storage?: HealthProbe }) {
  app.get("/health", async (req, reply) => {
    const [database, storage] = await Promise.all([
      check("database", () => deps.db.execute(sql`select 1`), req.log),
      deps.storage
        ? check("storage", () => deps.storage!.ping(), req.log)
        : Promise.resolve("not configured"),
    ]);
    const healthy = database === "ok" && (storage === "ok" || !deps.storage);
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? "ok" : "degraded", database, storage });
  });
}
