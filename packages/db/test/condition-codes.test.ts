import { readFileSync } from "node:fs";
import { join } from "node:path";
import { normalizeIcd10Cm } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

const migration = readFileSync(
  join(import.meta.dirname, "../migrations/0028_condition_codes_in_system_form.sql"),
  "utf8",
);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedScale(t.db, {
    organizations: 1,
    providers: 1,
    patients: 1,
    recordings: 0,
    events: 0,
    messages: 0,
  });
}, 60_000);
afterAll(() => t.drop());

describe("the migration of condition codes to ICD-10-CM's written form", () => {
  it("rewrites the rows stored as typed exactly as the domain now normalises them, and nothing else", async () => {
    const typed = ["s83.511a", "s83511a", " m17.11 ", "I10", "M25.562"];
    const { rows } = await t.db.execute<{ id: string; organization_id: string }>(
      sql`select id, organization_id from users where role = 'ROLE_PATIENT' limit 1`,
    );
    const patient = rows[0]!;
    for (const code of typed)
      await t.db.execute(sql`
        insert into medical_history_entries (organization_id, patient_id, kind, status, code, created_by_id)
        values (${patient.organization_id}, ${patient.id}, 'CONDITION', 'CURRENT', ${code}, ${patient.id})`);
    await t.db.execute(sql`
      insert into medical_history_entries (organization_id, patient_id, kind, status, name, dose, frequency,
                                           created_by_id)
      values (${patient.organization_id}, ${patient.id}, 'MEDICATION', 'CURRENT', 'ibuprofen', '400 mg', 'daily',
              ${patient.id})`);

    await t.db.execute(sql.raw(migration));

    const stored = await t.db.execute<{ kind: string; code: string; name: string }>(
      sql`select kind, code, name from medical_history_entries where patient_id = ${patient.id}
          order by created_at, id`,
    );
    expect(
      stored.rows
        .filter((r) => r.kind === "CONDITION")
        .map((r) => r.code)
        .sort(),
    ).toEqual(typed.map(normalizeIcd10Cm).sort());
    expect(typed.map(normalizeIcd10Cm).sort()).toEqual(["I10", "M17.11", "M25.562", "S83.511A", "S83.511A"]);
    expect(stored.rows.find((r) => r.kind === "MEDICATION")).toEqual({
      kind: "MEDICATION",
      code: "",
      name: "ibuprofen",
    });
  });
});
