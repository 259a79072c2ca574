import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { clearFailedSignIns, findUserByEmail, schema } from "@fizio/db";
import { DEFAULT_ORGANIZATION_SETTINGS } from "@fizio/domain";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let admin: Client;
const PASSWORD = "Fizio#2026";
const STEP_MS = 30_000;

/** The authenticator's code `offset` time steps from now, as an app holding the typed key shows it. */
const codeOf = (manualKey: string, offset = 0) =>
  createOTP(base32.decode(manualKey)).hotp(Math.floor(Date.now() / STEP_MS) + offset);

/** A user whose role requires a second factor and who is not one of the exempt demo logins. */
async function newAdmin(email: string) {
  await h.addUser("admin@fizio.test", { role: "ROLE_ADMIN", email, firstName: "New", lastName: "Admin" });
  return h.signIn(email);
}

/** Enrols the signed-in client: returns the typed key, the recovery codes and the code that confirmed it. */
async function enrol(c: Client) {
  const started = await c.api.twoFactor.enroll({ password: PASSWORD });
  const confirmedWith = await codeOf(started.manualKey);
  await c.api.twoFactor.confirm({ code: confirmedWith });
  return { ...started, confirmedWith };
}

/** The password step: the second step is pending, no session yet. */
async function passwordStep(email: string) {
  const c = h.client();
  expect(await c.api.auth.login({ email, password: PASSWORD })).toEqual({ user: null, twoFactor: true });
  return c;
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
});
afterAll(() => h.t.drop());

describe("two-factor sign-in (TOTP)", () => {
  it("refuses a required admin the app until they enrol (FIZ288), enrolment itself allowed", async () => {
    const c = await newAdmin("ada@fizio.test");
    expect((await c.api.auth.me()).user).toMatchObject({ twoFactorPending: true, twoFactorEnabled: false });
    expect(await failure(c.api.settings.get())).toEqual({ fiz: "FIZ288", code: "FORBIDDEN" });
    expect((await failure(c.api.twoFactor.enroll({ password: "wrong-password" }))).fiz).toBe("FIZ256");

    const started = await c.api.twoFactor.enroll({ password: PASSWORD });
    expect(started.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.manualKey).toMatch(/^[A-Z2-7]+=*$/);
    expect(started.recoveryCodes).toHaveLength(10);
    expect(new Set(started.recoveryCodes).size).toBe(10);
    // Not active until a code from the app confirms it.
    expect((await failure(c.api.twoFactor.confirm({ code: await codeOf(started.manualKey, -5) }))).fiz).toBe(
      "FIZ285",
    );
    expect(await failure(c.api.settings.get())).toMatchObject({ fiz: "FIZ288" });

    const { user } = await c.api.twoFactor.confirm({ code: await codeOf(started.manualKey) });
    expect(user).toMatchObject({ twoFactorPending: false, twoFactorEnabled: true });
    expect((await c.api.settings.get()).timeZone).toBeTruthy();
    expect((await auditTrail(h, "auth.twoFactor.enrolled")).at(-1)).toMatchObject({
      actorEmail: "ada@fizio.test",
    });
  });

  it("a request still carrying the session enrolment replaced does not expire the new session's cookie", async () => {
    const c = await newAdmin("race.enrol@fizio.test");
    const started = await c.api.twoFactor.enroll({ password: PASSWORD });
    // A second request of the same browser, sent with the old cookie before the confirmation answered.
    const inFlight = h.client();
    for (const [name, value] of c.jar) inFlight.jar.set(name, value);
    await c.api.twoFactor.confirm({ code: await codeOf(started.manualKey) });
    expect(await failure(inFlight.api.settings.get())).toMatchObject({ fiz: "FIZ408" });
    // Its answer set no cookie: a browser would otherwise have dropped the new session's cookie of the same name.
    expect(inFlight.jar.size).toBeGreaterThan(0);
    expect([...inFlight.jar.keys()].some((name) => !c.jar.has(name))).toBe(false);
    expect((await c.api.settings.get()).timeZone).toBeTruthy();
  });

  it("asks for a code after the password: ±1 step accepted, a used code refused (FIZ286), a wrong one FIZ285", async () => {
    const email = "bo@fizio.test";
    const { manualKey, confirmedWith } = await enrol(await newAdmin(email));

    const c = await passwordStep(email);
    expect(await failure(c.api.settings.get())).toMatchObject({ fiz: "FIZ408" });
    // The code that confirmed enrolment was used: refused, even while still current.
    expect(await failure(c.api.twoFactor.verify({ code: confirmedWith }))).toEqual({
      fiz: "FIZ286",
      code: "UNAUTHORIZED",
    });
    expect((await failure(c.api.twoFactor.verify({ code: await codeOf(manualKey, 3) }))).fiz).toBe("FIZ285");
    // The next step's code is within the ±1 step an app's clock may be off by.
    const next = await codeOf(manualKey, 1);
    const { user } = await c.api.twoFactor.verify({ code: next });
    expect(user).toMatchObject({ email, twoFactorEnabled: true });
    expect((await c.api.settings.get()).timeZone).toBeTruthy();

    const again = await passwordStep(email);
    expect((await failure(again.api.twoFactor.verify({ code: next }))).fiz).toBe("FIZ286");
    const trail = await auditTrail(h, "auth.login");
    expect(trail.filter((r) => r.actorEmail === email).map((r) => r.action)).toEqual(
      expect.arrayContaining(["auth.login.password", "auth.login"]),
    );
    // A refused code is audited under the account, without an actor (no one signed in).
    const id = (await findUserByEmail(h.t.db, email))!.id;
    expect(trail.filter((r) => r.entityId === id).map((r) => r.action)).toContain("auth.login.failed");
  });

  it("accepts each recovery code once, and new codes replace the old", async () => {
    const email = "cy@fizio.test";
    const signedIn = await newAdmin(email);
    const { recoveryCodes } = await enrol(signedIn);

    const first = await passwordStep(email);
    expect((await first.api.twoFactor.verify({ code: recoveryCodes[0]! })).user?.email).toBe(email);
    const second = await passwordStep(email);
    expect((await failure(second.api.twoFactor.verify({ code: recoveryCodes[0]! }))).fiz).toBe("FIZ285");

    const { recoveryCodes: fresh } = await first.api.twoFactor.regenerateRecoveryCodes({
      password: PASSWORD,
    });
    expect(fresh).toHaveLength(10);
    expect((await failure(second.api.twoFactor.verify({ code: recoveryCodes[1]! }))).fiz).toBe("FIZ285");
    expect((await second.api.twoFactor.verify({ code: fresh[0]! })).user?.email).toBe(email);
  });

  it("locks the account after repeated wrong codes, counted with the sign-in lock (FIZ263), the right code too", async () => {
    const email = "di@fizio.test";
    const { manualKey } = await enrol(await newAdmin(email));
    const c = await passwordStep(email);
    const wrong = await codeOf(manualKey, 4);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await failure(c.api.twoFactor.verify({ code: wrong }))).fiz);
    expect(answers).toEqual(["FIZ285", "FIZ285", "FIZ285", "FIZ285", "FIZ263"]);
    // The next step's code: the current one confirmed enrolment, and is used.
    expect((await failure(c.api.twoFactor.verify({ code: await codeOf(manualKey, 1) }))).fiz).toBe("FIZ263");
    expect((await auditTrail(h, "auth.login.locked")).at(-1)).toMatchObject({ entity: "user" });
    // Once the lock and the minute's throttle lapse, this second step has had its five tries: a new sign-in is
    // needed (FIZ289).
    await clearFailedSignIns(h.t.db, (await findUserByEmail(h.t.db, email))!.id);
    await h.t.db.delete(schema.rateLimits).where(like(schema.rateLimits.key, `%${email}`));
    expect((await failure(c.api.twoFactor.verify({ code: await codeOf(manualKey, 1) }))).fiz).toBe("FIZ289");
  });

  it("refuses a code with no pending second step (FIZ287)", async () => {
    expect(await failure(h.client().api.twoFactor.verify({ code: "123456" }))).toEqual({
      fiz: "FIZ287",
      code: "UNAUTHORIZED",
    });
  });

  it("lets an admin reset a user's second factor: audited, emailed, then password only and enrolment again", async () => {
    const email = "ed@fizio.test";
    await enrol(await newAdmin(email));
    // Admins are managed by super admins only.
    const superAdmin = await h.signIn("superadmin@fizio.test");
    const id = (await findUserByEmail(h.t.db, email))!.id;
    const northside = await h.signInOtherOrganizationAdmin();
    expect((await failure(northside.api.users.resetTwoFactor({ userId: id }))).fiz).toBe("FIZ415");

    expect(await superAdmin.api.users.resetTwoFactor({ userId: id })).toMatchObject({
      twoFactorEnabled: false,
    });
    expect((await auditTrail(h, "users.twoFactor.reset")).at(-1)).toMatchObject({
      actorEmail: "superadmin@fizio.test",
      entityId: id,
    });
    expect((await h.lastEmailTo(email))?.subject).toBe("Two-factor sign-in was reset on your Fizio account");
    const c = h.client();
    const { user } = await c.api.auth.login({ email, password: PASSWORD });
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorPending: true });
  });

  it("refuses a user for whom it is required to turn it off (FIZ298), whatever they enter", async () => {
    const email = "gil@fizio.test";
    const c = await newAdmin(email);
    const { manualKey } = await enrol(c);
    expect(await c.api.twoFactor.status()).toEqual({ enabled: true, mayTurnOff: false });
    expect(
      await failure(c.api.twoFactor.disable({ password: PASSWORD, code: await codeOf(manualKey, 1) })),
    ).toEqual({ fiz: "FIZ298", code: "FORBIDDEN" });
    expect((await c.api.auth.me()).user?.twoFactorEnabled).toBe(true);
  });

  it("lets a user it is not required of turn it off: password and a current code, audited and emailed", async () => {
    const email = "hal@fizio.test";
    await h.addUser("admin@fizio.test", {
      role: "ROLE_PROVIDER",
      email,
      firstName: "Hal",
      lastName: "Provider",
    });
    const c = await h.signIn(email);
    expect(await c.api.twoFactor.status()).toEqual({ enabled: false, mayTurnOff: true });
    expect((await failure(c.api.twoFactor.disable({ password: PASSWORD, code: "123456" }))).fiz).toBe(
      "FIZ299",
    );
    const { manualKey } = await enrol(c);
    expect(await c.api.twoFactor.status()).toEqual({ enabled: true, mayTurnOff: true });

    const code = await codeOf(manualKey, 1);
    expect((await failure(c.api.twoFactor.disable({ password: "wrong-password", code }))).fiz).toBe("FIZ256");
    expect(
      (await failure(c.api.twoFactor.disable({ password: PASSWORD, code: await codeOf(manualKey, 4) }))).fiz,
    ).toBe("FIZ285");
    expect((await c.api.auth.me()).user?.twoFactorEnabled).toBe(true);

    // The code refused with the wrong password was given back: it still turns it off.
    const { user } = await c.api.twoFactor.disable({ password: PASSWORD, code });
    expect(user).toMatchObject({ email, twoFactorEnabled: false, twoFactorPending: false });
    expect(await c.api.twoFactor.status()).toEqual({ enabled: false, mayTurnOff: true });
    const id = (await findUserByEmail(h.t.db, email))!.id;
    expect((await auditTrail(h, "auth.twoFactor.disabled")).at(-1)).toMatchObject({
      actorEmail: email,
      entityId: id,
    });
    expect((await h.lastEmailTo(email))?.subject).toBe(
      "Two-factor sign-in was turned off on your Fizio account",
    );
    // Sign-in asks for the password only from now on.
    expect((await h.client().api.auth.login({ email, password: PASSWORD })).user).toMatchObject({ email });
  });

  it("requires providers, then patients too, when the organisation says so", async () => {
    await h.addUser("admin@fizio.test", {
      role: "ROLE_PROVIDER",
      email: "fay@fizio.test",
      firstName: "Fay",
      lastName: "Provider",
    });
    const provider = await h.signIn("fay@fizio.test");
    expect((await provider.api.auth.me()).user?.twoFactorPending).toBe(false);
    await admin.api.settings.update({ ...DEFAULT_ORGANIZATION_SETTINGS, twoFactorRequirement: "STAFF" });
    try {
      const again = await h.signIn("fay@fizio.test");
      expect((await again.api.auth.me()).user?.twoFactorPending).toBe(true);
      expect((await failure(again.api.profile.get())).fiz).toBe("FIZ288");
      // The demo logins stay exempt (dev and tests only), and patients are not asked under STAFF.
      expect((await (await h.signIn("provider@fizio.test")).api.auth.me()).user?.twoFactorPending).toBe(
        false,
      );
    } finally {
      await admin.api.settings.update(DEFAULT_ORGANIZATION_SETTINGS);
    }
  });
});
