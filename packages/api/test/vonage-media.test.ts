import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaEngine, vonageMediaEngine } from "../src/visits/media-engine";

/** A local stand-in for the one Vonage Video HTTP call the adapter makes: POST /session/create. */
let server: Server;
let host: string;
const calls: { path: string; auth: string; body: string }[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
  });

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    calls.push({ path: req.url ?? "", auth: req.headers.authorization ?? "", body: await readBody(req) });
    if (req.method === "POST" && req.url === "/session/create") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify([{ session_id: `fake-session-${calls.length}`, create_dt: new Date().toISOString() }]),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the Vonage media adapter", () => {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const config = { applicationId: "app-123", privateKey, videoHost: "" };

  it("creates a routed session with an application JWT, and signs a publisher token that ends with the seat", async () => {
    const engine = vonageMediaEngine({ ...config, videoHost: host });
    expect(engine.kind).toBe("vonage");
    const sessionId = await engine.createSession();
    expect(sessionId).toMatch(/^fake-session-/);
    const call = calls.at(-1)!;
    expect(call.path).toBe("/session/create");
    expect(call.body).toContain("p2p.preference=disabled");
    expect(claimsOf(call.auth.replace(/^Bearer /, ""))).toMatchObject({ application_id: "app-123" });

    const expiresAt = new Date(Date.now() + 3_600_000);
    const credentials = engine.credentials(sessionId, {
      participantId: "seat-1",
      displayName: "Ana",
      role: "PATIENT",
      expiresAt,
    });
    expect(credentials).toMatchObject({ kind: "vonage", applicationId: "app-123", sessionId });
    if (credentials.kind !== "vonage") throw new Error("expected Vonage credentials");
    const claims = claimsOf(credentials.token);
    expect(claims).toMatchObject({
      application_id: "app-123",
      scope: "session.connect",
      session_id: sessionId,
      role: "publisher",
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
    expect(JSON.parse(String(claims.connection_data))).toEqual({
      participantId: "seat-1",
      displayName: "Ana",
    });
    // The provider's token may force others out of the session (a guest they removed).
    const provider = engine.credentials(sessionId, { ...seat(), role: "PROVIDER", expiresAt });
    if (provider.kind !== "vonage") throw new Error("expected Vonage credentials");
    expect(claimsOf(provider.token).role).toBe("moderator");
    const guest = engine.credentials(sessionId, { ...seat(), role: "GUEST", expiresAt });
    if (guest.kind !== "vonage") throw new Error("expected Vonage credentials");
    expect(claimsOf(guest.token).role).toBe("publisher");
  });

  it("is used only when both Vonage settings are present; otherwise the embedded engine hands out ICE servers", async () => {
    const ice = [{ urls: "stun:stun.example.org:3478" }];
    expect(createMediaEngine({ iceServers: ice, vonage: null }).credentials(null, seat())).toEqual({
      kind: "embedded",
      iceServers: ice,
    });
    expect(createMediaEngine({ iceServers: [], vonage: { ...config, videoHost: host } }).kind).toBe("vonage");
  });
});

const seat = () => ({
  participantId: "p",
  displayName: "P",
  role: "PATIENT" as const,
  expiresAt: new Date(),
});
