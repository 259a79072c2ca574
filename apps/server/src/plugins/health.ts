import type { Db } from "@fizio/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export interface HealthProbe {
  ping: () => Promise<unknown>;
}

async function check(fn: () => Promise<unknown>): Promise<"ok" | string> {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** 200 only when Postgres and object storage both answer; 503 names what failed. */
export async function healthPlugin(app: FastifyInstance, deps: { db: Db; storage?: HealthProbe }) {
  app.get("/health", async (_req, reply) => {
    const [database, storage] = await Promise.all([
      check(() => deps.db.execute(sql`select 1`)),
      deps.storage ? check(() => deps.storage!.ping()) : Promise.resolve("not configured"),
    ]);
    const healthy = database === "ok" && (storage === "ok" || !deps.storage);
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? "ok" : "degraded", database, storage });
  });
}
