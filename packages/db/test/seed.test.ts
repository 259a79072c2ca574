import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countUsersByRole,
  DEMO_PASSWORD,
  findOrganizationByName,
  findUserByEmail,
  hitRateLimit,
  listUsers,
  seedDemo,
} from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;
const fakeHash = async (p: string) => `hashed:${p}`;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe("demo seed", () => {
  it("creates one user per role once, and is idempotent", async () => {
    expect(await seedDemo(t.db, fakeHash)).toBe(true);
    expect(await seedDemo(t.db, fakeHash)).toBe(false);
    const org = await findOrganizationByName(t.db, "Fizio Demo Clinic");
    const counts = await countUsersByRole(t.db, org!.id);
    expect(counts).toMatchObject({ ROLE_SUPER_ADMIN: 1, ROLE_ADMIN: 1, ROLE_PROVIDER: 2 });
    expect(counts.ROLE_PATIENT).toBeGreaterThanOrEqual(4);
    expect(DEMO_PASSWORD).toMatch(/\d/);
  });

  it("scopes listings to an organisation and a provider's roster, with search", async () => {
    const provider = await findUserByEmail(t.db, "PROVIDER@fizio.test");
    const roster = await listUsers(
      t.db,
      { organizationId: provider!.organizationId, providerId: provider!.id, role: "ROLE_PATIENT" },
      { page: 1, pageSize: 2 },
    );
    expect(roster.total).toBe(4);
    expect(roster.items).toHaveLength(2);
    expect(roster.items.every((u) => u.providerId === provider!.id)).toBe(true);
    const found = await listUsers(
      t.db,
      { organizationId: provider!.organizationId, role: "ROLE_PATIENT" },
      { page: 1, pageSize: 20, search: "ferná" },
    );
    expect(found.items.map((u) => u.email)).toEqual(["paciente@fizio.test"]);
    const literal = await listUsers(
      t.db,
      { organizationId: provider!.organizationId },
      { page: 1, pageSize: 20, search: "%%%" },
    );
    expect(literal.total).toBe(0);
  });

  it("counts rate-limit hits per key within a window", async () => {
    expect(await hitRateLimit(t.db, "login:a", 60)).toBe(1);
    expect(await hitRateLimit(t.db, "login:a", 60)).toBe(2);
    expect(await hitRateLimit(t.db, "login:b", 60)).toBe(1);
  });
});
