import { findUserByEmail, writeAudit } from "@fizio/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let admin: Client;
let northsideAdmin: Client;
let provider: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
  await h.addUser("admin@fizio.test", {
    role: "ROLE_ADMIN",
    email: "admin2@fizio.test",
    firstName: "Second",
    lastName: "Admin",
  });
  northsideAdmin = await h.signInOtherOrganizationAdmin();
  provider = await h.signIn("provider@fizio.test");
  ids.provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  ids.provider2 = (await findUserByEmail(h.t.db, "provider2@fizio.test"))!.id;
  ids.northsideProvider = (await findUserByEmail(h.t.db, "provider@northside.test"))!.id;
  ids.admin2 = (await findUserByEmail(h.t.db, "admin2@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

describe("an admin creates and edits users", () => {
  it("creates a provider with a location and a patient with a treating provider, by the role's rules", async () => {
    const provider = {
      role: "ROLE_PROVIDER" as const,
      firstName: "Nora",
      lastName: "Park",
      email: "nora.park@fizio.test",
    };
    expect((await failure(admin.api.users.create(provider))).fiz).toBe("FIZ025");
    expect(
      (await failure(admin.api.users.create({ ...provider, location: "Main", accessStatus: "ACTIVE" }))).fiz,
    ).toBe("FIZ007");
    const nora = await admin.api.users.create({ ...provider, location: "Main clinic", npi: "1234567890" });
    ids.nora = nora.id;
    const patient = {
      role: "ROLE_PATIENT" as const,
      firstName: "Ivy",
      lastName: "Stone",
      email: "ivy.stone@fizio.test",
    };
    expect((await failure(admin.api.users.create(patient))).fiz).toBe("FIZ024");
    expect(
      (await failure(admin.api.users.create({ ...patient, providerId: ids.northsideProvider! }))).fiz,
    ).toBe("FIZ415");
    expect(
      (await failure(admin.api.users.create({ ...patient, providerId: nora.id, npi: "1234567890" }))).fiz,
    ).toBe("FIZ007");
    expect(
      (
        await failure(
          admin.api.users.create({
            ...provider,
            email: "paid.provider@fizio.test",
            location: "Main",
            paymentType: "CASH",
          }),
        )
      ).fiz,
    ).toBe("FIZ007");
    const ivy = await admin.api.users.create({
      ...patient,
      providerId: nora.id,
      paymentType: "CASH",
      enforcePaymentMethod: true,
    });
    expect(ivy).toMatchObject({ paymentType: "CASH", enforcePaymentMethod: true });
    ids.ivy = ivy.id;
    expect(await h.lastEmailTo("ivy.stone@fizio.test")).toBeDefined();
  });

  it("edits a patient's access status and treating provider, audited with what changed", async () => {
    const details = await admin.api.users.get({ userId: ids.ivy! });
    expect(details).toMatchObject({
      providerId: ids.nora,
      accessStatus: "ACTIVE",
      email: "ivy.stone@fizio.test",
    });
    const {
      id: _id,
      email: _email,
      role: _role,
      disabled: _d,
      isDefaultProvider: _p,
      createdAt: _c,
      ...rest
    } = details;
    const edited = await admin.api.users.update({
      userId: ids.ivy!,
      firstName: rest.firstName,
      lastName: rest.lastName,
      preferredLanguage: "SPANISH",
      providerId: ids.provider2!,
      accessStatus: "NEEDS_REFERRAL",
    });
    expect(edited).toMatchObject({
      accessStatus: "NEEDS_REFERRAL",
      providerId: ids.provider2,
      preferredLanguage: "SPANISH",
    });
    expect(
      (await failure(admin.api.users.update({ userId: ids.ivy!, firstName: "Ivy", lastName: "Stone" }))).fiz,
    ).toBe("FIZ024");
    const [row] = await auditTrail(h, "users.update");
    expect(row).toMatchObject({ actorEmail: "admin@fizio.test", entityId: ids.ivy });
  });

  it("refuses another organisation (FIZ415) and another admin (FIZ235), changing nothing", async () => {
    const change = { userId: ids.ivy!, firstName: "X", lastName: "Y", providerId: ids.provider! };
    expect((await failure(northsideAdmin.api.users.update(change))).fiz).toBe("FIZ415");
    expect((await failure(northsideAdmin.api.users.get({ userId: ids.ivy! }))).fiz).toBe("FIZ415");
    expect((await failure(northsideAdmin.api.users.providerWorkload({ userId: ids.nora! }))).fiz).toBe(
      "FIZ415",
    );
    expect(await auditTrail(h, "users.read")).toEqual([
      expect.objectContaining({ actorEmail: "admin@fizio.test", entityId: ids.ivy }),
    ]);
    expect(
      (await failure(admin.api.users.update({ userId: ids.admin2!, firstName: "X", lastName: "Y" }))).fiz,
    ).toBe("FIZ235");
    expect((await admin.api.users.get({ userId: ids.ivy! })).firstName).toBe("Ivy");
  });

  it("restores a deleted user, disabled until enabled again", async () => {
    await admin.api.users.disable({ userId: ids.ivy! });
    await admin.api.users.delete({ userId: ids.ivy! });
    expect((await failure(admin.api.users.get({ userId: ids.ivy! }))).fiz).toBe("FIZ204");
    expect((await failure(northsideAdmin.api.users.restore({ userId: ids.ivy! }))).fiz).toBe("FIZ415");
    expect(await admin.api.users.restore({ userId: ids.ivy! })).toMatchObject({ disabled: true });
    expect((await failure(admin.api.users.restore({ userId: ids.ivy! }))).fiz).toBe("FIZ413");
    await admin.api.users.enable({ userId: ids.ivy! });
  });
});

describe("deleting a provider", () => {
  it("waits until their patients and open plans are reassigned (FIZ233), then goes ahead", async () => {
    const load = await admin.api.users.providerWorkload({ userId: ids.provider2! });
    expect(load.patients).toBeGreaterThanOrEqual(2);
    await admin.api.users.disable({ userId: ids.provider2! });
    expect((await failure(admin.api.users.delete({ userId: ids.provider2! }))).fiz).toBe("FIZ233");

    const move = { fromProviderId: ids.provider2!, toProviderId: ids.nora! };
    expect(
      (await failure(admin.api.users.reassignPatients({ ...move, toProviderId: ids.provider2! }))).fiz,
    ).toBe("FIZ002");
    expect((await failure(northsideAdmin.api.users.reassignPatients(move))).fiz).toBe("FIZ415");
    expect(await admin.api.users.reassignPatients(move)).toMatchObject({
      patients: load.patients,
      plans: load.plans,
    });
    expect(await admin.api.users.providerWorkload({ userId: ids.provider2! })).toEqual({
      patients: 0,
      plans: 0,
    });
    expect((await admin.api.users.get({ userId: ids.ivy! })).providerId).toBe(ids.nora);
    expect(await auditTrail(h, "users.reassign")).toHaveLength(load.patients);
    await admin.api.users.delete({ userId: ids.provider2! });
  });
});

describe("the system log", () => {
  it("shows job failures and worker events to every admin, and only the organisation's own sign-ins and changes", async () => {
    await writeAudit(h.t.db, {
      action: "system.job.failed",
      entity: "system",
      entityId: "42",
      details: { task: "deliver_email", attempt: 1, error: "connect ECONNREFUSED" },
    });
    const ours = await admin.api.audit.systemLog({ page: 1, pageSize: 100 });
    const actions = ours.items.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["system.job.failed", "auth.login", "users.create", "users.update"]),
    );
    const jobs = await admin.api.audit.systemLog({ kind: "JOBS", page: 1, pageSize: 100 });
    expect(jobs.items).toEqual([
      expect.objectContaining({
        entityId: "42",
        details: expect.objectContaining({ task: "deliver_email" }),
      }),
    ]);
    const theirs = await northsideAdmin.api.audit.systemLog({ page: 1, pageSize: 100 });
    expect(theirs.items.map((e) => e.action)).toContain("system.job.failed");
    expect(theirs.items.filter((e) => e.actorEmail === "admin@fizio.test")).toEqual([]);
    expect((await failure(provider.api.audit.systemLog({ page: 1, pageSize: 10 }))).fiz).toBe("FIZ413");
  });
});
