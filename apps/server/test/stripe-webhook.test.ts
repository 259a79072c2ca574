import { createHmac } from "node:crypto";
import { hashPassword } from "@fizio/api";
import { seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfigFromEnv } from "../src/config";
import { STRIPE_WEBHOOK_PATH } from "../src/plugins/stripe-webhook";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

const SECRET = "whsec_server_test";
let t: TestDatabase;
const servers: FizioServer[] = [];

async function serverWith(env: Record<string, string>) {
  const server = await createServer({
    db: t.db,
    config: serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40), ...env }),
    storage: offlineStorage(),
    logger: false,
    systemJobs: false,
  });
  servers.push(server);
  await server.app.ready();
  return server;
}

/** Stripe's signature scheme (t=…,v1=HMAC-SHA256 of "t.body"), computed here independently of the SDK. */
function sign(body: string, secret = SECRET) {
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await t.drop();
});

describe("POST /webhooks/stripe", () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_WEBHOOK_SECRET: SECRET,
  };
  // Whitespace and key order a JSON parser would not keep: the signature covers these exact bytes.
  const body =
    '{"id":"evt_srv_1",  "object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}';

  it("checks the signature over the raw body and applies an event once", async () => {
    const server = await serverWith(stripeEnv);
    const send = async (signature: string) =>
      server.app.inject({
        method: "POST",
        url: STRIPE_WEBHOOK_PATH,
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        payload: body,
      });
    const first = await send(sign(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await send(sign(body))).json()).toEqual({ received: true, duplicate: true });
    expect((await send(sign(body, "whsec_other"))).statusCode).toBe(400);
    const unsigned = await server.app.inject({ method: "POST", url: STRIPE_WEBHOOK_PATH, payload: body });
    expect(unsigned.statusCode).toBe(400);
  });

  it("is not there without Stripe configured, and the client config says cards are off", async () => {
    const server = await serverWith({});
    const res = await server.app.inject({
      method: "POST",
      url: STRIPE_WEBHOOK_PATH,
      headers: { "content-type": "application/json", "stripe-signature": sign(body) },
      payload: body,
    });
    expect(res.statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/config.json" })).json()).toMatchObject({
      cardsEnabled: false,
      stripePublishableKey: "",
    });
  });

  it("lets Stripe's script, frames and API through the CSP only when cards are on", async () => {
    const on = await serverWith(stripeEnv);
    const csp = (await on.app.inject({ method: "GET", url: "/config.json" })).headers[
      "content-security-policy"
    ];
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("https://api.stripe.com");
    const off = await serverWith({});
    const plain = (await off.app.inject({ method: "GET", url: "/config.json" })).headers[
      "content-security-policy"
    ];
    expect(plain).not.toContain("stripe.com");
  });
});
