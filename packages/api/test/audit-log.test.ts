import { findUserByEmail, schema, writeErrorLog } from "@fizio/db";
import { CLIENT_ERROR_LIMITS } from "@fizio/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let admin: Client;
let superAdmin: Client;
let provider: Client;
let organizationId: string;
let otherOrganizationId: string;

const report = (message: string) => ({ kind: "RENDER" as const, message, path: "/home" });

async function errorMessages(client: Client): Promise<string[]> {
  const page = await client.api.audit.errorLog({ page: 1, pageSize: 100 });
  return page.items.map((e) => e.message);
}

beforeAll(async () => {
  h = await createHarness();
  [admin, superAdmin, provider] = await Promise.all([
    h.signIn("admin@fizio.test"),
    h.signIn("superadmin@fizio.test"),
    h.signIn("provider@fizio.test"),
  ]);
  organizationId = (await findUserByEmail(h.t.db, "admin@fizio.test"))!.organizationId;
  otherOrganizationId = (await findUserByEmail(h.t.db, "patient@northside.test"))!.organizationId;
});
afterAll(() => h.t.drop());

describe("error log across organisations", () => {
  it("files a browser report under the reporter's organisation, an anonymous one under none", async () => {
    await provider.api.audit.reportClientError(report("provider's page broke"));
    await new Client(h.services, "198.51.100.1").api.audit.reportClientError(report("login page broke"));
    const rows = await h.t.db
      .select({ message: schema.errorLog.message, organizationId: schema.errorLog.organizationId })
      .from(schema.errorLog);
    expect(rows).toContainEqual({ message: "provider's page broke", organizationId });
    expect(rows).toContainEqual({ message: "login page broke", organizationId: null });
  });

  it("shows an admin their organisation's errors only; a super admin every one, anonymous ones included", async () => {
    await writeErrorLog(h.t.db, {
      organizationId: otherOrganizationId,
      source: "web",
      kind: "RENDER",
      message: "northside's error",
    });
    await writeErrorLog(h.t.db, { organizationId, source: "web", kind: "RENDER", message: "our error" });
    await writeErrorLog(h.t.db, { source: "server", kind: "API", message: "anonymous error" });

    const seenByAdmin = await errorMessages(admin);
    expect(seenByAdmin).toContain("our error");
    expect(seenByAdmin).not.toContain("northside's error");
    expect(seenByAdmin).not.toContain("anonymous error");
    const page = await admin.api.audit.errorLog({ page: 1, pageSize: 100 });
    expect(page.total).toBe(page.items.length);

    const seenBySuperAdmin = await errorMessages(superAdmin);
    expect(seenBySuperAdmin).toEqual(
      expect.arrayContaining(["our error", "northside's error", "anonymous error"]),
    );
    expect((await failure(provider.api.audit.errorLog({ page: 1, pageSize: 10 }))).fiz).toBe("FIZ413");
  });

  it("stores a server failure without its SQL, values, emails or tokens, under the caller's organisation", async () => {
    // A database error whose message (and drizzle's, which adds the SQL and its parameters) holds secrets.
    await h.t.db.execute(sql`
      create function fail_rate_limit() returns trigger language plpgsql as $$
      begin
        if new.key like 'client-error:ip:203.0.113.%' then
          raise exception 'leak: admin@fizio.test token=s3cr3t-t0ken';
        end if;
        return new;
      end $$`);
    await h.t.db.execute(
      sql`create trigger fail_rate_limit before insert or update on rate_limits for each row execute function fail_rate_limit()`,
    );
    try {
      const signedIn = await h.signIn("provider2@fizio.test");
      const failing = new Client(h.services, "203.0.113.5");
      for (const [k, v] of signedIn.jar) failing.jar.set(k, v);
      expect(await failure(failing.api.audit.reportClientError(report("x")))).toEqual({
        fiz: "FIZ301",
        code: "INTERNAL_SERVER_ERROR",
      });
      expect(
        await failure(new Client(h.services, "203.0.113.6").api.audit.reportClientError(report("y"))),
      ).toMatchObject({ fiz: "FIZ301" });
    } finally {
      await h.t.db.execute(sql`drop trigger fail_rate_limit on rate_limits`);
    }

    const rows = await h.t.db
      .select()
      .from(schema.errorLog)
      .where(and(eq(schema.errorLog.source, "server"), eq(schema.errorLog.path, "audit.reportClientError")));
    expect(rows).toHaveLength(2);
    const provider2 = (await findUserByEmail(h.t.db, "provider2@fizio.test"))!;
    expect(rows.map((r) => [r.organizationId, r.userId, r.role])).toEqual(
      expect.arrayContaining([
        [organizationId, provider2.id, "ROLE_PROVIDER"],
        [null, null, null],
      ]),
    );
    for (const row of rows) {
      expect(row.message).toBe("FIZ301 DrizzleQueryError > DatabaseError [P0001]");
      const stored = `${row.message}\n${row.stack}`;
      for (const secret of ["rate_limits", "insert", "admin@fizio.test", "s3cr3t", "203.0.113", "leak"]) {
        expect(stored).not.toContain(secret);
      }
      expect(row.stack).toMatch(/^\s+at /);
    }
    expect(await errorMessages(admin)).toContain("FIZ301 DrizzleQueryError > DatabaseError [P0001]");
  });
});

describe("the browser's error reporter", () => {
  it("throttles one address with FIZ260", async () => {
    const client = new Client(h.services, "198.51.100.20");
    for (let i = 0; i < 60; i++) await client.api.audit.reportClientError(report(`report ${i}`));
    expect(await failure(client.api.audit.reportClientError(report("one too many")))).toEqual({
      fiz: "FIZ260",
      code: "TOO_MANY_REQUESTS",
    });
    expect(await errorMessages(superAdmin)).not.toContain("one too many");
  });

  it("throttles one signed-in user across addresses with FIZ260", async () => {
    const first = await h.signIn("patient@fizio.test");
    const second = new Client(h.services, "198.51.100.31");
    for (const [k, v] of first.jar) second.jar.set(k, v);
    for (let i = 0; i < 15; i++) {
      await first.api.audit.reportClientError(report(`first ${i}`));
      await second.api.audit.reportClientError(report(`second ${i}`));
    }
    expect((await failure(second.api.audit.reportClientError(report("flood")))).fiz).toBe("FIZ260");
  });

  it("refuses over-long reports with FIZ003", async () => {
    const client = new Client(h.services, "198.51.100.40");
    const tooLong = {
      message: "m".repeat(CLIENT_ERROR_LIMITS.message + 1),
      stack: "s".repeat(CLIENT_ERROR_LIMITS.stack + 1),
      path: "/".repeat(CLIENT_ERROR_LIMITS.path + 1),
    };
    for (const [field, value] of Object.entries(tooLong)) {
      const result = await failure(client.api.audit.reportClientError({ ...report("long"), [field]: value }));
      expect(result).toEqual({ fiz: "FIZ003", code: "BAD_REQUEST" });
    }
  });
});
