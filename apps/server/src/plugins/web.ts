import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Serves the built SPA; unknown non-API GETs get index.html so client routes survive a reload. */
export async function webPlugin(app: FastifyInstance, webDir: string | undefined) {
  const index = webDir ? join(webDir, "index.html") : undefined;
  if (webDir && index && existsSync(index)) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: 0 });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      req.method === "GET" && !req.url.startsWith("/api/") && req.headers.accept?.includes("text/html");
    if (isPage && index && existsSync(index)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ error: "Not Found" });
  });
}
