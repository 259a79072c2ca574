import { findUserByEmail, findUserById, schema } from "@fizio/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness, tokenFrom } from "./harness";
import { insertUploadedRecording } from "./media";

let h: Harness;
let admin: Client;
let superAdmin: Client;
let northsideAdmin: Client;
const ids: Record<string, string> = {};

const person = (email: string, firstName: string) => ({ email, firstName, lastName: "Lifecycle" });

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
  superAdmin = await h.signIn("superadmin@fizio.test");
  northsideAdmin = await h.signInOtherOrganizationAdmin();
  ids.provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  ids.northsideProvider = (await findUserByEmail(h.t.db, "provider@northside.test"))!.id;
  ids.patient = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

describe("creating users", () => {
  it("sends every new account, whatever its role, a welcome email with a set-password link", async () => {
    const made = await Promise.all([
      admin.api.users.create({ role: "ROLE_ADMIN", ...person("ada@fizio.test", "Ada") }),
      admin.api.users.create({
        role: "ROLE_PROVIDER",
        ...person("rex@fizio.test", "Rex"),
        location: "Main clinic",
      }),
      admin.api.users.create({
        role: "ROLE_PATIENT",
        ...person("pia@fizio.test", "Pia"),
        providerId: ids.provider!,
      }),
    ]);
    for (const [i, name] of (["ada", "rex", "pia"] as const).entries()) ids[name] = made[i]!.id;
    for (const email of ["ada@fizio.test", "rex@fizio.test", "pia@fizio.test"]) {
      const mail = await h.lastEmailTo(email);
      expect(tokenFrom(mail!.text)).toMatch(/\w{10,}/);
    }
  });

  it("takes a referring provider instead of a treating one, and a diagnosis with its ICD-10-CM code", async () => {
    const patient = { role: "ROLE_PATIENT" as const, ...person("rio@fizio.test", "Rio") };
    expect((await failure(admin.api.users.create(patient))).fiz).toBe("FIZ024");
    const refused = [
      [{ referringProviderId: ids.northsideProvider! }, "FIZ415"],
      [{ referringProviderId: ids.patient! }, "FIZ105"],
      [{ referringProviderId: ids.rex!, diagnosis: "Knee pain", diagnosisCode: "1234" }, "FIZ006"],
      [{ referringProviderId: ids.rex!, diagnosisCode: "M25.561" }, "FIZ001"],
    ] as const;
    for (const [fields, code] of refused)
      expect((await failure(admin.api.users.create({ ...patient, ...fields }))).fiz).toBe(code);
    expect(await findUserByEmail(h.t.db, "rio@fizio.test")).toBeUndefined();
    const rio = await admin.api.users.create({
      ...patient,
      referringProviderId: ids.rex!,
      diagnosis: "Pain in right knee",
      diagnosisCode: "m25.561",
    });
    ids.rio = rio.id;
    expect(await admin.api.users.get({ userId: rio.id })).toMatchObject({
      providerId: null,
      referringProviderId: ids.rex,
      diagnosis: "Pain in right knee",
      diagnosisCode: "M25.561",
    });
    // A provider carries no diagnosis, nor a referring provider.
    const provider = { role: "ROLE_PROVIDER" as const, ...person("max@fizio.test", "Max"), location: "Main" };
    expect((await failure(admin.api.users.create({ ...provider, diagnosis: "x" }))).fiz).toBe("FIZ007");
  });
});

describe("a user's lifecycle", () => {
  it("goes create → disable → delete → restore → delete → expunge, refusing each step out of turn", async () => {
    const userId = ids.pia!;
    expect((await failure(admin.api.users.delete({ userId }))).fiz).toBe("FIZ203");
    expect((await failure(admin.api.users.expunge({ userId }))).fiz).toBe("FIZ413");
    await admin.api.users.disable({ userId });
    await admin.api.users.delete({ userId });
    expect((await failure(admin.api.users.delete({ userId }))).fiz).toBe("FIZ204");
    expect(await admin.api.users.restore({ userId })).toMatchObject({ disabled: true, deleted: false });
    await admin.api.users.delete({ userId });
    expect((await failure(northsideAdmin.api.users.expunge({ userId }))).fiz).toBe("FIZ415");
    expect((await failure(admin.api.users.expunge({ userId, listRole: "ROLE_ADMIN" }))).fiz).toBe("FIZ236");

    await admin.api.users.expunge({ userId, listRole: "ROLE_PATIENT" });
    expect(await findUserById(h.t.db, userId)).toBeUndefined();
    const left = await h.t.db.execute<{ n: number }>(sql`
      select (select count(*) from accounts where user_id = ${userId})
           + (select count(*) from sessions where user_id = ${userId})
           + (select count(*) from notification_preferences where user_id = ${userId})
           + (select count(*) from verifications where value = ${userId}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
    // The trail keeps every row about them, and the expunge row says who it was.
    expect((await auditTrail(h, "users.")).filter((r) => r.entityId === userId).map((r) => r.action)).toEqual(
      ["users.create", "users.disable", "users.delete", "users.restore", "users.delete", "users.expunge"],
    );
    const [expunged] = await h.t.db
      .select({ details: schema.auditLog.details })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "users.expunge"));
    expect(expunged!.details).toEqual({ role: "ROLE_PATIENT", name: "Pia Lifecycle" });
    expect((await failure(admin.api.users.restore({ userId }))).fiz).toBe("FIZ105");
  });

  it("keeps a patient with any medical service (FIZ234): deleted, never expunged", async () => {
    const email = "tess@fizio.test";
    const tess = await admin.api.users.create({
      role: "ROLE_PATIENT",
      ...person(email, "Tess"),
      providerId: ids.provider!,
    });
    await insertUploadedRecording(h.t.db, email);
    await admin.api.users.disable({ userId: tess.id });
    await admin.api.users.delete({ userId: tess.id });
    expect((await failure(admin.api.users.expunge({ userId: tess.id }))).fiz).toBe("FIZ234");
    expect(await findUserById(h.t.db, tess.id)).toBeDefined();
  });

  it("expunges a provider only once no patient names them and nothing in the record does", async () => {
    const rex = ids.rex!;
    // Rex referred Rio: the deletion waits for Rio to be handed over, referring link included (FIZ233).
    expect(await admin.api.users.providerWorkload({ userId: rex })).toEqual({ patients: 1, plans: 0 });
    await admin.api.users.disable({ userId: rex });
    expect((await failure(admin.api.users.delete({ userId: rex }))).fiz).toBe("FIZ233");
    expect(
      await admin.api.users.reassignPatients({ fromProviderId: rex, toProviderId: ids.provider! }),
    ).toEqual({
      patients: 1,
      plans: 0,
    });
    expect((await admin.api.users.get({ userId: ids.rio! })).referringProviderId).toBe(ids.provider);
    await admin.api.users.delete({ userId: rex });

    // An activity template Rex wrote still names him (FIZ271) until it is gone.
    const [template] = await h.t.db
      .insert(schema.activityTemplates)
      .values({
        organizationId: (await findUserById(h.t.db, rex))!.organizationId,
        name: "Rex's stretch",
        type: "TEXT",
        createdBy: rex,
      })
      .returning();
    expect((await failure(admin.api.users.expunge({ userId: rex }))).fiz).toBe("FIZ271");
    await h.t.db.delete(schema.activityTemplates).where(eq(schema.activityTemplates.id, template!.id));
    await admin.api.users.expunge({ userId: rex, listRole: "ROLE_PROVIDER" });
    expect(await findUserById(h.t.db, rex)).toBeUndefined();
  });
});

describe("admins' accounts", () => {
  it("are not another admin's to edit, disable or delete (FIZ235); the admins list deletes admins only (FIZ236)", async () => {
    const ada = ids.ada!;
    expect((await failure(admin.api.users.update({ userId: ada, firstName: "X", lastName: "Y" }))).fiz).toBe(
      "FIZ235",
    );
    expect((await failure(admin.api.users.disable({ userId: ada }))).fiz).toBe("FIZ235");
    expect((await failure(admin.api.users.delete({ userId: ada, listRole: "ROLE_ADMIN" }))).fiz).toBe(
      "FIZ235",
    );
    // The super admin may; from the admins list, only admins.
    await superAdmin.api.users.disable({ userId: ada });
    await superAdmin.api.users.disable({ userId: ids.rio! });
    expect(
      (await failure(superAdmin.api.users.delete({ userId: ids.rio!, listRole: "ROLE_ADMIN" }))).fiz,
    ).toBe("FIZ236");
    expect((await findUserById(h.t.db, ids.rio!))!.deletedAt).toBeNull();
    await superAdmin.api.users.delete({ userId: ada, listRole: "ROLE_ADMIN" });
    await superAdmin.api.users.expunge({ userId: ada, listRole: "ROLE_ADMIN" });
    expect(await findUserById(h.t.db, ada)).toBeUndefined();
  });
});
