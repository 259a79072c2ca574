import { existsSync } from "node:fs";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Vite names everything under /assets/ by its content's hash: a changed file is a new name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * A request for a page of the SPA: a GET outside the API for a path without a file extension, or one that
 * asks for HTML. A load balancer's probe or curl (no Accept) on / gets the app too; a missing asset stays a 404.
 */
function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.url.split("?")[0] ?? "";
  if (path.startsWith("/api/")) return false;
  return extname(path) === "" || Boolean(req.headers.accept?.includes("text/html"));
}

/**
 * Serves the built SPA: the Brotli or gzip copy the build made when the browser accepts it (no compression
 * per request), hashed assets cached for a year, index.html revalidated on every visit so a deploy is seen at
 * once; unknown page paths get index.html so client routes survive a reload.
 */
export async function webPlugin(app: FastifyInstance, webDir: string | undefined) {
  const index = webDir ? join(webDir, "index.html") : undefined;
  if (webDir && index && existsSync(index)) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.includes(`${join(webDir, "assets")}`) ? IMMUTABLE : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (wantsPage(req) && index && existsSync(index)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ error: "Not Found" });
  });
}
