import { findUserByEmail } from "@fizio/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, failure, failureData, type Harness } from "./harness";

let h: Harness;
const id = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

describe("roles and organisations", () => {
  it("keeps a provider of org A away from a patient of org B", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const other = await id("patient@northside.test");
    expect(await failure(provider.api.patients.get({ patientId: other }))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
  });

  it("keeps a provider to their own roster and audits the read", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const notMine = await id("marcus.brown@fizio.test");
    expect((await failure(provider.api.patients.get({ patientId: notMine }))).fiz).toBe("FIZ109");
    const mine = await provider.api.patients.get({ patientId: await id("patient@fizio.test") });
    expect(mine.email).toBe("patient@fizio.test");
    const admin = await h.signIn("admin@fizio.test");
    const log = await admin.api.audit.list({ page: 1, pageSize: 20 });
    expect(log.items.some((a) => a.action === "patients.read" && a.entityId === mine.id)).toBe(true);
  });

  it("lists a provider's roster only, with search and pagination", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const page = await provider.api.patients.list({ page: 1, pageSize: 3 });
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(3);
    const found = await provider.api.patients.list({ page: 1, pageSize: 20, search: "Mor" });
    expect(found.items.map((p) => p.email)).toEqual(["patient@fizio.test"]);
    expect((await failure(provider.api.patients.list({ page: 1, pageSize: 20, search: "Mo" }))).fiz).toBe(
      "FIZ038",
    );
  });

  it("refuses admin procedures to patients and providers", async () => {
    const patient = await h.signIn("patient@fizio.test");
    expect((await failure(patient.api.users.list({ page: 1, pageSize: 10 }))).fiz).toBe("FIZ413");
    expect((await failure(patient.api.patients.list({ page: 1, pageSize: 10 }))).fiz).toBe("FIZ413");
    const provider = await h.signIn("provider@fizio.test");
    expect((await failure(provider.api.audit.list({ page: 1, pageSize: 10 }))).fiz).toBe("FIZ413");
  });

  it("requires a session", async () => {
    expect(await failure(h.client().api.profile.get())).toEqual({ fiz: "FIZ408", code: "UNAUTHORIZED" });
  });

  it("stops an admin editing another admin; a super admin may", async () => {
    const admin = await h.signIn("admin@fizio.test");
    const superAdmin = await id("superadmin@fizio.test");
    expect((await failure(admin.api.users.disable({ userId: superAdmin }))).fiz).toBe("FIZ235");
  });
});

describe("disable and delete (spec §4)", () => {
  it("ends a disabled user's session and blocks their sign-in", async () => {
    const patient = await h.signIn("jordan.lee@fizio.test");
    const admin = await h.signIn("admin@fizio.test");
    const jordan = await id("jordan.lee@fizio.test");

    expect((await failure(admin.api.users.delete({ userId: jordan }))).fiz).toBe("FIZ203");
    await admin.api.users.disable({ userId: jordan });
    expect((await failure(patient.api.profile.get())).fiz).toBe("FIZ408");
    expect(await failure(h.signIn("jordan.lee@fizio.test"))).toEqual({ fiz: "FIZ259", code: "FORBIDDEN" });

    await admin.api.users.delete({ userId: jordan });
    expect((await failure(h.signIn("jordan.lee@fizio.test"))).fiz).toBe("FIZ204");
    // About the user acted on, not the admin: their session goes on (no endsSession for the client).
    expect(await failureData(admin.api.users.enable({ userId: jordan }))).toEqual({
      fiz: "FIZ204",
      params: {},
      code: "FORBIDDEN",
    });
    const list = await admin.api.users.list({ page: 1, pageSize: 50, role: "ROLE_PATIENT" });
    expect(list.items.some((u) => u.id === jordan)).toBe(false);
  });

  it("refuses to disable the default provider and to delete a provider with patients", async () => {
    const admin = await h.signIn("admin@fizio.test");
    expect((await failure(admin.api.users.disable({ userId: await id("provider@fizio.test") }))).fiz).toBe(
      "FIZ231",
    );
    const maya = await id("provider2@fizio.test");
    await admin.api.users.disable({ userId: maya });
    expect((await failure(admin.api.users.delete({ userId: maya }))).fiz).toBe("FIZ233");
  });

  it("keeps an inactive patient out (FIZ402)", async () => {
    const { updateUser } = await import("@fizio/db");
    await updateUser(h.t.db, await id("paciente@fizio.test"), { accessStatus: "INACTIVE" });
    expect((await failure(h.signIn("paciente@fizio.test"))).fiz).toBe("FIZ402");
    await updateUser(h.t.db, await id("paciente@fizio.test"), { accessStatus: "ACTIVE" });
  });
});

describe("profile", () => {
  it("refuses text notifications without a phone (FIZ269) and saves them with one", async () => {
    const patient = await h.signIn("patient@fizio.test");
    const profile = await patient.api.profile.get();
    await patient.api.profile.update({
      ...profile,
      phone: "",
      gender: profile.gender ?? undefined,
      dateOfBirth: profile.dateOfBirth ?? undefined,
    });
    const prefs = (await patient.api.profile.notifications.get()).preferences;
    const withText = prefs.map((p) => ({ ...p, textMessageEnabled: true }));
    expect((await failure(patient.api.profile.notifications.update({ preferences: withText }))).fiz).toBe(
      "FIZ269",
    );

    await patient.api.profile.update({
      ...profile,
      phone: "5550142233",
      gender: profile.gender ?? undefined,
      dateOfBirth: profile.dateOfBirth ?? undefined,
    });
    const patientAgain = await h.signIn("patient@fizio.test");
    const saved = await patientAgain.api.profile.notifications.update({ preferences: withText });
    expect(saved.preferences.every((p) => p.textMessageEnabled)).toBe(true);
  });

  it("checks the current password before changing it", async () => {
    const c = await h.signIn("marcus.brown@fizio.test");
    const wrong = { currentPassword: "Nope#1234", password: "Other#2026", confirmPassword: "Other#2026" };
    expect((await failure(c.api.profile.changePassword(wrong))).fiz).toBe("FIZ256");
    await c.api.profile.changePassword({ ...wrong, currentPassword: "Fizio#2026" });
    await h.signIn("marcus.brown@fizio.test", "Other#2026");
  });
});
