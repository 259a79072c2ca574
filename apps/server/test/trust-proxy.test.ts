import { hashPassword } from "@fizio/api";
import { schema, seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfigFromEnv } from "../src/config";
import { proxyHopsFromEnv } from "../src/proxy-hops";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

const PROXY = "10.0.0.2";
const CLIENT = "203.0.113.9";

let t: TestDatabase;
let server: FizioServer;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
  server = await createServer({
    db: t.db,
    config: serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40), TRUST_PROXY: "1" }),
    storage: offlineStorage(),
    logger: false,
    systemJobs: false,
  });
  await server.app.ready();
});
afterAll(async () => {
  await server.stop();
  await t.drop();
});

/** A failed sign-in through one proxy; the audit row keeps the client address the API was given. */
async function addressSeenFor(email: string, forwardedFor?: string): Promise<string | undefined> {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/v1/auth.login",
    remoteAddress: PROXY,
    headers: {
      "content-type": "application/json",
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    payload: JSON.stringify({ json: { email, password: "Wrong#pass1" } }),
  });
  expect(response.statusCode).toBe(401);
  const [row] = await t.db
    .select({ ip: sql<string>`${schema.auditLog.details}->>'ip'` })
    .from(schema.auditLog)
    .where(sql`${schema.auditLog.details}->>'email' = ${email}`);
  return row?.ip;
}

describe("client address behind TRUST_PROXY=1", () => {
  it("takes the address the one proxy appended, whatever the client forged before it", async () => {
    expect(await addressSeenFor("one@example.com", CLIENT)).toBe(CLIENT);
    expect(await addressSeenFor("two@example.com", `198.51.100.1, ${CLIENT}`)).toBe(CLIENT);
    expect(await addressSeenFor("three@example.com", `1.1.1.1, 8.8.8.8, ${CLIENT}`)).toBe(CLIENT);
  });

  it("takes the proxy's own address when it forwarded nothing", async () => {
    expect(await addressSeenFor("four@example.com")).toBe(PROXY);
  });
});

describe("TRUST_PROXY", () => {
  it("is a number of proxy hops; true is one, unset or false none", () => {
    expect([undefined, "", "false", "0", "true", "1", "2"].map(proxyHopsFromEnv)).toEqual([
      0, 0, 0, 0, 1, 1, 2,
    ]);
  });

  it("refuses anything else at start-up", () => {
    for (const value of ["yes", "-1", "1.5", "TRUE "])
      expect(() => proxyHopsFromEnv(value)).toThrow(/TRUST_PROXY/);
  });
});
