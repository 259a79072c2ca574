import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findOrganizationByName,
  findPeopleIn,
  findPersonIn,
  findUserByEmail,
  peopleOf,
  seedDemo,
} from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;
const ids: Record<string, string> = {};
const orgs: Record<"demo" | "northside", string> = { demo: "", northside: "" };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, async (p) => `hashed:${p}`);
  orgs.demo = (await findOrganizationByName(t.db, "Fizio Demo Clinic"))!.id;
  orgs.northside = (await findOrganizationByName(t.db, "Northside Rehab"))!.id;
  for (const email of ["provider@fizio.test", "patient@fizio.test", "patient@northside.test"])
    ids[email] = (await findUserByEmail(t.db, email))!.id;
});
afterAll(() => t.drop());

describe("people as an organisation knows them", () => {
  it("are its members and the staff assigned to it, never another organisation's patients", async () => {
    const all = Object.values(ids);
    const named = async (organizationId: string) =>
      (await findPeopleIn(t.db, organizationId, all)).map((p) => p.email).sort();
    // The default provider is assigned to every organisation.
    expect(await named(orgs.demo)).toEqual(["patient@fizio.test", "provider@fizio.test"]);
    expect(await named(orgs.northside)).toEqual(["patient@northside.test", "provider@fizio.test"]);
    expect(await findPersonIn(t.db, orgs.demo, ids["patient@northside.test"]!)).toBeUndefined();
    expect(await findPeopleIn(t.db, orgs.demo, [])).toEqual([]);
  });

  it("name nobody from elsewhere when joined to a row by id", async () => {
    const person = peopleOf(t.db, orgs.demo, "person");
    const rows = await t.db
      .select({ id: sql<string>`wanted.id`, firstName: person.firstName })
      .from(sql`unnest(${`{${Object.values(ids).join(",")}}`}::uuid[]) as wanted(id)`)
      .leftJoin(person, sql`${person.id} = wanted.id`);
    const names = Object.fromEntries(rows.map((r) => [r.id, r.firstName]));
    expect(names).toEqual({
      [ids["provider@fizio.test"]!]: "Sam",
      [ids["patient@fizio.test"]!]: "Alex",
      [ids["patient@northside.test"]!]: null,
    });
  });
});
