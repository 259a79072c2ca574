import { IncomingMessage, ServerResponse } from "node:http";
import { connect, Socket } from "node:net";
import { Writable } from "node:stream";
import { appRouter, hashPassword } from "@fizio/api";
import { seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { API_MAX_BATCH_SIZE } from "@fizio/domain";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerConfig, serverConfigFromEnv } from "../src/config";
import { applyHeaderSteps, headerSteps } from "../src/plugins/security-headers";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

let t: TestDatabase;
let http: FizioServer;
let https: FizioServer;
const logLines: string[] = [];
let storageUp = true;

const storage = {
  ...offlineStorage(),
  ping: async () => {
    if (!storageUp) throw new Error("connect ECONNREFUSED 10.1.2.3:9000 (user fizio-admin)");
  },
};

async function serve(config: ServerConfig) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const server = await createServer({
    db: t.db,
    config,
    storage,
    logger: { level: "info", stream },
    systemJobs: false,
  });
  await server.app.ready();
  return server;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
  const env = { AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://127.0.0.1:9", PORT: "0", HOST: "127.0.0.1" };
  http = await serve({
    ...serverConfigFromEnv({ ...env, APP_URL: "http://localhost:4310" }),
    timeouts: { requestMs: 30_000, idleMs: 300 },
  });
  https = await serve(
    serverConfigFromEnv({
      ...env,
      APP_URL: "https://app.fizio.example",
      CAPTCHA_URL: "https://api.hcaptcha.com/siteverify",
      CAPTCHA_SECRET: "s",
      CAPTCHA_SCRIPT_URL: "https://js.hcaptcha.com/1/api.js",
    }),
  );
});
afterAll(async () => {
  await http.stop();
  await https.stop();
  await t.drop();
});

const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe("security headers", () => {
  it("sends a CSP the SPA can live with, and no framing, sniffing or referrer", async () => {
    const res = await http.app.inject("/config.json");
    const policy = csp(res.headers["content-security-policy"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["media-src"]).toEqual(["'self'", "blob:", "http://127.0.0.1:9"]);
    expect(policy["connect-src"]).toEqual(["'self'", "http://127.0.0.1:9"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends exactly what helmet sets, worked out once and replayed", () => {
    const middleware = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
      strictTransportSecurity: { maxAge: 60 },
    });
    const response = () => {
      const res = new ServerResponse(new IncomingMessage(new Socket()));
      res.setHeader("x-powered-by", "something");
      return res;
    };
    const byHelmet = response();
    middleware(byHelmet.req, byHelmet, () => {});
    const replayed = response();
    applyHeaderSteps(replayed, headerSteps(middleware));
    expect(Object.keys(byHelmet.getHeaders()).length).toBeGreaterThan(8);
    expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(replayed.hasHeader("x-powered-by")).toBe(false);
  });

  it("sends them on API answers too", async () => {
    const res = await http.app.inject("/api/v1/auth.me");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lets the browser's telemetry reach MONITORING_URL's origin, only when it is set", async () => {
    const env = { AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://127.0.0.1:9" };
    const monitored = await serve(
      serverConfigFromEnv({
        ...env,
        MONITORING_URL: "https://rum.example.com/v1/fizio",
        MONITORING_NAME: "fizio",
      }),
    );
    try {
      const res = await monitored.app.inject("/config.json");
      expect(csp(res.headers["content-security-policy"])["connect-src"]).toEqual([
        "'self'",
        "http://127.0.0.1:9",
        "https://rum.example.com",
      ]);
      expect(res.json().monitoring).toEqual({ url: "https://rum.example.com/v1/fizio", name: "fizio" });
    } finally {
      await monitored.stop();
    }
    const unset = await http.app.inject("/config.json");
    expect(csp(unset.headers["content-security-policy"])["connect-src"]).toEqual([
      "'self'",
      "http://127.0.0.1:9",
    ]);
    expect(() => serverConfigFromEnv({ ...env, MONITORING_URL: "javascript:alert(1)" })).toThrow(
      "MONITORING_URL must be an http(s) URL",
    );
  });

  it("adds HSTS and upgrades requests only when APP_URL is https; the captcha vendor's hosts are allowed", async () => {
    const res = await https.app.inject("/config.json");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
    const policy = csp(res.headers["content-security-policy"]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(policy["script-src"]).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      "https://js.hcaptcha.com",
      "https://*.hcaptcha.com",
    ]);
    expect(policy["frame-src"]).toEqual(["https://js.hcaptcha.com", "https://*.hcaptcha.com"]);
  });
});

describe("secrets and patient data stay out of the logs", () => {
  it("logs API calls and the UI location without their input, and recovery pages without the token", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { token: "SECRET-RECOVERY-TOKEN" } }));
    await http.app.inject({
      url: `/api/v1/auth.checkRecoveryToken?input=${input}`,
      headers: { "x-ui-location": "New Password · Fizio" },
    });
    await http.app.inject({
      url: "/login/create-new-password/SECRET-PAGE-TOKEN",
      headers: { accept: "text/html" },
    });
    const text = logLines.join("");
    expect(text).not.toContain("SECRET-RECOVERY-TOKEN");
    expect(text).not.toContain("SECRET-PAGE-TOKEN");
    const lines = logLines.map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === "ui location")?.url).toBe(
      "/api/v1/auth.checkRecoveryToken?[redacted]",
    );
    expect(lines.some((l) => l.req?.url === "/api/v1/auth.checkRecoveryToken?[redacted]")).toBe(true);
    expect(lines.some((l) => l.req?.url === "/login/create-new-password/[redacted]")).toBe(true);
  });
});

const login = (
  headers: Record<string, string>,
  payload = JSON.stringify({ json: { email: "admin@fizio.test", password: "Fizio#2026" } }),
) => http.app.inject({ method: "POST", url: "/api/v1/auth.login", headers, payload });

describe("cross-site request forgery", () => {
  it("refuses a mutation sent as multipart/form-data, as a cross-site form would", async () => {
    const res = await login(
      { "content-type": "multipart/form-data; boundary=x", origin: "http://localhost:4310" },
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@fizio.test\r\n--x--\r\n',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.json.data).toMatchObject({ fiz: "FIZ264", httpStatus: 403 });
  });

  it("refuses a JSON mutation from another origin, or from a browser's cross-site page without Origin", async () => {
    const foreign = await login({ "content-type": "application/json", origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.json.data.fiz).toBe("FIZ264");
    expect(foreign.headers["set-cookie"]).toBeUndefined();
    const hidden = await login({ "content-type": "application/json", "sec-fetch-site": "cross-site" });
    expect(hidden.statusCode).toBe(403);
  });

  it("answers a refused batch with one tRPC error, which the client gives to every call", async () => {
    const res = await http.app.inject({
      method: "POST",
      url: "/api/v1/auth.logout,auth.logout?batch=1",
      headers: { "content-type": "text/plain", origin: "http://localhost:4310" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.json.data.fiz).toBe("FIZ264");
  });

  it("accepts a JSON mutation from the app's own origin, and from a client that is no browser", async () => {
    const own = await login({
      "content-type": "application/json",
      origin: "http://localhost:4310",
      "sec-fetch-site": "same-origin",
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers["set-cookie"]).toBeDefined();
    expect((await login({ "content-type": "application/json" })).statusCode).toBe(200);
  });
});

describe("request limits", () => {
  it("refuses a batch larger than the client ever sends, with FIZ267", async () => {
    const batch = (n: number) => `/api/v1/${Array.from({ length: n }, () => "auth.me").join(",")}?batch=1`;
    expect((await http.app.inject(batch(API_MAX_BATCH_SIZE))).statusCode).toBe(200);
    const tooMany = await http.app.inject(batch(API_MAX_BATCH_SIZE + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.json.data.fiz).toBe("FIZ267");
  });

  it("closes a connection that sends nothing for the idle time", async () => {
    const address = await http.start();
    const { port } = new URL(address);
    const socket = connect(Number(port), "127.0.0.1");
    socket.write("GET /health HTTP/1.1\r\nHost: x\r\n");
    await new Promise<void>((closed) => socket.on("close", () => closed()));
    expect(http.app.server.requestTimeout).toBe(30_000);
  });

  it("keeps the idle limit above the SSE ping interval, so quiet progress streams stay open", () => {
    const ping = appRouter._def._config.sse?.ping?.intervalMs ?? 0;
    const { timeouts } = serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40) });
    expect(ping).toBeGreaterThan(0);
    expect(timeouts.idleMs).toBeGreaterThan(ping * 2);
    expect(timeouts.idleMs).toBeGreaterThan(http.app.initialConfig.keepAliveTimeout ?? 0);
  });
});

describe("/health", () => {
  it("says which part is unavailable without the driver's message, which goes to the log", async () => {
    storageUp = false;
    const res = await http.app.inject("/health");
    storageUp = true;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "degraded", database: "ok", storage: "unavailable" });
    expect(res.body).not.toContain("ECONNREFUSED");
    expect(logLines.some((l) => l.includes("ECONNREFUSED 10.1.2.3"))).toBe(true);
  });
});
