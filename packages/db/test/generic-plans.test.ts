import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUnread, type Db, type DbOrTx, listRecordingResults, seedScale } from "../src";
import { preparedQuery } from "../src/prepared";
import * as schema from "../src/schema";
import { users } from "../src/schema";
import { PreparingClient } from "../src/statement-names";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;
let client: PreparingClient;
/**
 * One connection outside a pool, so what a statement leaves on its connection is seen by the next: a pool drops a
 * connection whose statement failed, and with it what the statement left on it.
 */
let one: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedScale(t.db, {
    organizations: 1,
    providers: 2,
    patients: 6,
    recordings: 60,
    events: 0,
    messages: 0,
  });
  client = new PreparingClient(t.url);
  await client.connect();
  one = drizzle(client, { schema }) as unknown as Db;
});
afterAll(async () => {
  await client.end();
  await t.drop();
});

/** A statement run with its generic plan: the users whose `column` is the value given. */
const usersBy = (name: string, column: typeof users.email | typeof users.id) =>
  preparedQuery(
    name,
    (db, statement) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(column, sql.placeholder("value")))
        .prepare(statement),
    { genericPlan: true },
  );

const byEmail = usersBy("test_generic_by_email", users.email);

/** The connection's plan setting, and how the statement was planned on it so far. */
async function connectionState(db: DbOrTx, name: string) {
  const mode = await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
  const plans = await db.execute<{ generic_plans: string; custom_plans: string }>(
    sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
  );
  return {
    mode: mode.rows[0]!.plan_cache_mode,
    generic: Number(plans.rows[0]?.generic_plans ?? 0),
    custom: Number(plans.rows[0]?.custom_plans ?? 0),
  };
}

describe("statements run with their generic plan", () => {
  it("use it from the first run, answer as any statement, and leave the connection's setting as it was", async () => {
    const [row] = await byEmail(one).execute({ value: "patient-1@scale.test" });
    expect(row?.email).toBe("patient-1@scale.test");
    expect(await byEmail(one).execute({ value: "nobody@scale.test" })).toEqual([]);
    expect(await connectionState(one, "test_generic_by_email")).toEqual({
      mode: "auto",
      generic: 2,
      custom: 0,
    });
  });

  it("leave the setting as it was when the statement fails in Postgres", async () => {
    const failing = usersBy("test_generic_failing", users.id);
    const error = await failing(one)
      .execute({ value: "not-a-uuid" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ cause: { code: "22P02" } });
    expect((await connectionState(one, "test_generic_failing")).mode).toBe("auto");
    expect(await failing(one).execute({ value: "00000000-0000-0000-0000-000000000000" })).toEqual([]);
  });

  it("send nothing when a value cannot be sent, and leave the setting as it was", async () => {
    // Its own statement: node-postgres closes a statement whose values it could not send.
    const unsendable = usersBy("test_generic_unsendable", users.email);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(unsendable(one).execute({ value: circular })).rejects.toThrow();
    expect((await connectionState(one, "test_generic_unsendable")).mode).toBe("auto");
  });

  it("leave a caller's transaction with its setting as it was, and its work committed with it", async () => {
    await one.transaction(async (tx) => {
      await tx.execute(sql`update users set first_name = 'Generic' where email = 'patient-2@scale.test'`);
      const [row] = await byEmail(tx).execute({ value: "patient-2@scale.test" });
      expect(row?.email).toBe("patient-2@scale.test");
      expect((await connectionState(tx, "test_generic_by_email")).mode).toBe("auto");
    });
    const { rows } = await one.execute<{ first_name: string }>(
      sql`select first_name from users where email = 'patient-2@scale.test'`,
    );
    expect(rows[0]!.first_name).toBe("Generic");
    expect((await connectionState(one, "test_generic_by_email")).mode).toBe("auto");
  });

  it("include the recordings lists, whose filters otherwise had them planned on every run", async () => {
    const [provider] = await one
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, "provider-1@scale.test"));
    const scope = { organizationId: provider!.organizationId, providerId: provider!.id };
    const input = { page: 1, pageSize: 5, status: "COMPLETED" as const, from: "2000-01-01", timeZone: "UTC" };
    for (let run = 0; run < 3; run++) await listRecordingResults(one, scope, input);
    const { rows } = await one.execute<{ name: string; generic_plans: string; custom_plans: string }>(
      sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'recording_results:%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ generic_plans: "3", custom_plans: "0" });
  });

  it("leave the unread badge to Postgres's choice, which keeps the generic plan once its partial index serves it", async () => {
    const [patient] = await one
      .select({ userId: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, "patient-1@scale.test"));
    for (let run = 0; run < 8; run++) await countUnread(one, patient!);
    expect(await connectionState(one, "unread_count")).toEqual({ mode: "auto", generic: 3, custom: 5 });
  });
});
