import { hashPassword } from "@fizio/api";
import { seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { addJob } from "@fizio/jobs";
import type { Telemetry } from "@fizio/telemetry";
import { type OtlpReceiver, startOtlpReceiver, startTelemetryTo } from "@fizio/telemetry/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfigFromEnv } from "../src/config";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

let receiver: OtlpReceiver;
let t: TestDatabase;
let telemetry: Telemetry | null;
let server: FizioServer;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  telemetry = await startTelemetryTo(receiver, {
    serviceName: "fizio-server",
    serviceVersion: "9.9.9",
    instanceId: "server-test",
  });
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
  server = await createServer({
    db: t.db,
    config: serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://127.0.0.1:9" }),
    storage: offlineStorage(),
    logger: false,
    telemetry,
  });
  await server.app.ready();
});
afterAll(async () => {
  await server.stop();
  await telemetry?.shutdown();
  await receiver.close();
  await t.drop();
});

const login = (password: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/v1/auth.login",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ json: { email: "provider@fizio.test", password } }),
  });

describe("OpenTelemetry, with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  it("traces a procedure call under its HTTP request, with its database queries, and its FIZ code on failure", async () => {
    const res = await login("wrong-password");
    const fiz = res.json().error.json.data.fiz;
    expect(fiz).toMatch(/^FIZ\d{3}$/);

    const call = await receiver.waitForSpan((s) => s.name === "trpc auth.login");
    expect(call.attributes).toMatchObject({
      "rpc.system": "trpc",
      "rpc.method": "auth.login",
      "trpc.type": "mutation",
      "fizio.fiz_code": fiz,
      "http.response.status_code": res.statusCode,
    });
    expect(call.resource).toMatchObject({
      "service.name": "fizio-server",
      "service.version": "9.9.9",
      "service.instance.id": "server-test",
    });
    // A refused sign-in is the caller's error, not the server's.
    expect(call.status.code ?? 0).not.toBe(2);

    // @fastify/otel's spans: the request, then its route handler, where tRPC runs the procedure.
    const handler = await receiver.waitForSpan((s) => s.spanId === call.parentSpanId);
    expect(handler.name).toBe("handler - trpcHttp");
    const request = await receiver.waitForSpan((s) => s.spanId === handler.parentSpanId);
    expect(request.name).toBe("POST /api/v1/:path");
    expect(request.attributes["url.path"]).toBe("/api/v1/auth.login");
    const query = await receiver.waitForSpan(
      (s) => s.parentSpanId === call.spanId && s.attributes["db.system.name"] === "postgresql",
    );
    expect(query.attributes["db.query.text"]).not.toContain("provider@fizio.test");
  });

  it("records the latency of each procedure, and keeps the input in a query string out of the spans", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: null }));
    expect((await server.app.inject(`/api/v1/auth.me?input=${input}`)).statusCode).toBe(200);
    const point = await receiver.waitForPoint(
      (p) => p.metric === "rpc.server.call.duration" && p.attributes["rpc.method"] === "auth.me",
    );
    expect(point.attributes["trpc.type"]).toBe("query");
    expect(point.count).toBeGreaterThanOrEqual(1);
    const failed = await receiver.waitForPoint(
      (p) => p.metric === "rpc.server.call.duration" && p.attributes["rpc.method"] === "auth.login",
    );
    expect(failed.attributes["fizio.fiz_code"]).toMatch(/^FIZ\d{3}$/);

    const request = await receiver.waitForSpan((s) => s.attributes["url.path"] === "/api/v1/auth.me");
    expect(JSON.stringify(receiver.spans())).not.toContain("input=");
    expect(request.attributes["http.route"]).toBe("/api/v1/:path");
  });

  it("times each system job by task and outcome, and gauges the queue per task", async () => {
    await addJob(t.db.$client, "seal_audit_log", {});
    const point = await receiver.waitForPoint(
      (p) =>
        p.metric === "fizio.job.duration" &&
        p.attributes["job.task"] === "seal_audit_log" &&
        p.attributes["job.outcome"] === "success",
    );
    expect(point.count).toBeGreaterThanOrEqual(1);
    await receiver.waitForSpan((s) => s.name === "job seal_audit_log");
    const depth = await receiver.waitForPoint(
      (p) =>
        p.metric === "fizio.job.queue.depth" &&
        p.attributes["job.task"] === "deliver_email" &&
        p.attributes["job.state"] === "ready",
    );
    expect(depth.value).toBe(0);
  });
});
