import { findUserByEmail, listEmails, schema } from "@fizio/db";
import { TRPCError } from "@trpc/server";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorData } from "../src/errors";
import { Client, createHarness, type Harness, tokenFrom } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

const WRONG = "Wrong#pass1";
const RIGHT = "Fizio#2026";

/** The FIZ code and its message params a refused sign-in sends to the browser. */
async function refusal(client: Client, email: string, password: string) {
  try {
    await client.api.auth.login({ email, password });
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const { fiz, params } = errorData(error);
    return { fiz, params };
  }
  throw new Error("expected the sign-in to be refused");
}

/** Stands in for the clock passing the lock; the per-email rate limit is cleared so only the lock decides. */
async function expireLock(email: string) {
  await h.t.db
    .update(schema.users)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(schema.users.email, email));
  await h.t.db.delete(schema.rateLimits).where(like(schema.rateLimits.key, "login:%"));
}

async function emailsTo(to: string) {
  return (await listEmails(h.t.db, 500)).filter((e) => e.to === to);
}

async function auditOf(email: string) {
  const rows = await h.t.db
    .select()
    .from(schema.auditLog)
    .where(
      and(like(schema.auditLog.action, "auth.login.%"), sql`${schema.auditLog.details}->>'email' = ${email}`),
    )
    .orderBy(schema.auditLog.id);
  return rows;
}

describe("sign-in lock after repeated failures", () => {
  it("locks after five wrong passwords, refuses even the right one and says when to try again", async () => {
    const c = new Client(h.services, "203.0.113.7");
    const email = "jordan.lee@fizio.test";
    for (let i = 0; i < 4; i++) expect((await refusal(c, email, WRONG)).fiz).toBe("FIZ258");
    expect(await refusal(c, email, WRONG)).toEqual({ fiz: "FIZ263", params: { minutes: 1 } });
    expect(await refusal(c, email, RIGHT)).toEqual({ fiz: "FIZ263", params: { minutes: 1 } });
    expect([...c.jar.keys()]).toEqual([]);
  });

  it("locks longer with every further failure after a lock ends, and a success resets the count", async () => {
    const c = new Client(h.services);
    const email = "priya.shah@fizio.test";
    for (let i = 0; i < 5; i++) await refusal(c, email, WRONG);
    await expireLock(email);
    expect(await refusal(c, email, WRONG)).toEqual({ fiz: "FIZ263", params: { minutes: 2 } });
    await expireLock(email);
    expect(await refusal(c, email, WRONG)).toEqual({ fiz: "FIZ263", params: { minutes: 4 } });
    await expireLock(email);

    await c.api.auth.login({ email, password: RIGHT });
    expect(await findUserByEmail(h.t.db, email)).toMatchObject({ failedSignIns: 0, lockedUntil: null });
    for (let i = 0; i < 4; i++) expect((await refusal(c, email, WRONG)).fiz).toBe("FIZ258");
  });

  it("emails the owner in their language when the account is first locked, not on every doubling", async () => {
    const c = new Client(h.services);
    const email = "paciente@fizio.test";
    for (let i = 0; i < 5; i++) await refusal(c, email, WRONG);
    const [first] = await emailsTo(email);
    expect(first?.subject).toBe("El inicio de sesión en su cuenta de Fizio está en pausa");
    expect(first?.text).toContain("http://localhost:4310/login/password-recovery");
    await expireLock(email);
    await refusal(c, email, WRONG);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it("lifts the lock when the owner sets a new password from a recovery link", async () => {
    const c = new Client(h.services);
    const email = "provider2@fizio.test";
    for (let i = 0; i < 5; i++) await refusal(c, email, WRONG);
    await c.api.auth.requestPasswordRecovery({ email });
    const token = tokenFrom((await h.lastEmailTo(email))!.text);
    await c.api.auth.createNewPassword({ token, password: "Fresh#Pass9", confirmPassword: "Fresh#Pass9" });
    await c.api.auth.login({ email, password: "Fresh#Pass9" });
    expect(await findUserByEmail(h.t.db, email)).toMatchObject({ failedSignIns: 0, lockedUntil: null });
  });

  it("audits failed sign-ins and the lock with the email and address under the account's organisation", async () => {
    const c = new Client(h.services, "198.51.100.23");
    const email = "marcus.brown@fizio.test";
    const account = (await findUserByEmail(h.t.db, email))!;
    for (let i = 0; i < 5; i++) await refusal(c, email, WRONG);
    await refusal(c, email, RIGHT);

    const rows = await auditOf(email);
    expect(rows.map((r) => [r.action, r.details?.reason])).toEqual([
      ...Array.from({ length: 5 }, () => ["auth.login.failed", "FIZ258"]),
      ["auth.login.locked", undefined],
      ["auth.login.failed", "FIZ263"],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ organizationId: account.organizationId, entityId: account.id });
      expect(row.details).toMatchObject({ email, ip: "198.51.100.23" });
      expect(JSON.stringify(row.details)).not.toContain(WRONG);
      expect(JSON.stringify(row.details)).not.toContain(RIGHT);
    }
    expect(rows[5]?.details).toMatchObject({ failures: 5 });
  });

  it("audits a failed sign-in for an unknown email without locking anything", async () => {
    const c = new Client(h.services, "198.51.100.24");
    const email = "nobody.here@fizio.test";
    for (let i = 0; i < 6; i++) expect((await refusal(c, email, WRONG)).fiz).toBe("FIZ258");
    const rows = await auditOf(email);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ action: "auth.login.failed", organizationId: null, entityId: null });
    expect(rows[0]?.details).toEqual({ email, ip: "198.51.100.24", reason: "FIZ258" });
  });
});
