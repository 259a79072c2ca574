import { findUserByEmail, listEmails, schema } from "@fizio/db";
import { isAppError } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirstSuperAdmin } from "../src/setup/first-super-admin";
import { createHarness, failure, type Harness } from "./harness";

let h: Harness;
const PASSWORD = "River#side2026";
const setup = (email: string) => ({
  email,
  firstName: "Ana",
  lastName: "Ruiz",
  organization: "Riverside PT",
});
const run = (input: unknown) =>
  createFirstSuperAdmin({ ...h.services, appUrl: h.services.config.appUrl }, input);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (isAppError(error) ? error.code : String(error)),
  );

beforeAll(async () => {
  h = await createHarness({ seed: false });
});
afterAll(() => h.t.drop());

describe("the first-run command on an empty deployment", () => {
  let token = "";

  it("two runs at once make one super admin: the other is refused (FIZ284)", async () => {
    const [a, b] = await Promise.all([
      refusal(run(setup("ana@riverside.test"))),
      refusal(run(setup("bo@riverside.test"))),
    ]);
    expect([a, b].sort()).toEqual(["FIZ284", "accepted"]);
    const admins = await h.t.db.select().from(schema.users).where(eq(schema.users.role, "ROLE_SUPER_ADMIN"));
    expect(admins).toHaveLength(1);
    // Carry on with whichever won.
    await h.t.db.delete(schema.users).where(eq(schema.users.id, admins[0]!.id));
  });

  it("creates the organisation and the super admin, audited, and emails a set-password link", async () => {
    const result = await run(setup("ana@riverside.test"));
    expect(result.status).toBe("created");
    const user = (await findUserByEmail(h.t.db, "ana@riverside.test"))!;
    expect(user).toMatchObject({ role: "ROLE_SUPER_ADMIN", organizationId: result.organizationId });
    const [organization] = await h.t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, result.organizationId));
    // Self-registered patients join the first organisation.
    expect(organization).toMatchObject({ name: "Riverside PT", isDefault: true });
    const audit = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, user.id));
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["setup.superAdmin.create", "admin create-super-admin"],
    ]);
    const email = (await listEmails(h.t.db)).find((e) => e.to === "ana@riverside.test")!;
    expect(email.text).toContain(result.link);
    token = decodeURIComponent(result.link!.split("/").at(-1)!);
  });

  it("run again before the password is set, sends a new link that replaces the old; it works once", async () => {
    const again = await run(setup("ana@riverside.test"));
    expect(again.status).toBe("link-sent-again");
    const c = h.client();
    expect(
      (await failure(c.api.auth.createNewPassword({ token, password: PASSWORD, confirmPassword: PASSWORD })))
        .fiz,
    ).toBe("FIZ201");
    token = decodeURIComponent(again.link!.split("/").at(-1)!);
    await c.api.auth.createNewPassword({ token, password: PASSWORD, confirmPassword: PASSWORD });
    // A set-password link used twice is refused.
    expect(
      (await failure(c.api.auth.createNewPassword({ token, password: PASSWORD, confirmPassword: PASSWORD })))
        .fiz,
    ).toBe("FIZ201");
    const signedIn = await h.signIn("ana@riverside.test", PASSWORD);
    expect((await signedIn.api.auth.me()).user?.role).toBe("ROLE_SUPER_ADMIN");
  });

  it("once set up, is idempotent for the same person and refuses anyone else", async () => {
    const done = await run(setup("ana@riverside.test"));
    expect(done.status).toBe("already-set-up");
    expect(done.link).toBeUndefined();
    expect(await refusal(run(setup("mallory@riverside.test")))).toBe("FIZ284");
    expect(await findUserByEmail(h.t.db, "mallory@riverside.test")).toBeUndefined();
    const organizations = await h.t.db.select().from(schema.organizations);
    expect(organizations).toHaveLength(1);
  });

  it("refuses a weak setup with the fields' FIZ codes and writes nothing", async () => {
    const weak = await run({
      email: "not-an-email",
      firstName: "",
      lastName: "Ruiz",
      organization: "R",
    }).catch((error: { issues?: { message: string }[] }) => error.issues?.map((i) => i.message));
    expect(weak).toEqual(["FIZ036", "FIZ001", "FIZ004"]);
  });
});
