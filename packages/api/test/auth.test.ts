import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../src/root";
import { answersFor } from "./answers";
import { createHarness, failure, type Harness, tokenFrom } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

describe("login and logout", () => {
  it.each([
    ["superadmin@fizio.test", "ROLE_SUPER_ADMIN"],
    ["admin@fizio.test", "ROLE_ADMIN"],
    ["provider@fizio.test", "ROLE_PROVIDER"],
    ["patient@fizio.test", "ROLE_PATIENT"],
  ])("signs %s in with an HttpOnly session cookie", async (email, role) => {
    const c = await h.signIn(email);
    expect([...c.jar.keys()].some((k) => k.includes("session_token"))).toBe(true);
    const { user } = await c.api.auth.me();
    expect(user).toMatchObject({ email, role, agreedToTos: true, onboardingCompleted: true });
    await c.api.auth.logout();
    expect((await c.api.auth.me()).user).toBeNull();
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const c = h.client();
    expect(await failure(c.api.auth.login({ email: "patient@fizio.test", password: "Wrong#pass1" }))).toEqual(
      {
        fiz: "FIZ258",
        code: "UNAUTHORIZED",
      },
    );
    expect(
      (await failure(c.api.auth.login({ email: "nobody@fizio.test", password: "Wrong#pass1" }))).fiz,
    ).toBe("FIZ258");
  });

  it("rejects malformed input with a validation code, not a server error", async () => {
    const c = h.client();
    expect(await failure(c.api.auth.login({ email: "not-an-email", password: "" }))).toEqual({
      fiz: "FIZ036",
      code: "BAD_REQUEST",
    });
    expect((await failure(c.api.auth.login({} as never))).code).toBe("BAD_REQUEST");
  });

  // An email without an account, so the per-account lock (sign-in-lock.test.ts) does not answer first.
  it("throttles repeated failed logins for one email", async () => {
    const c = h.client();
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await failure(c.api.auth.login({ email: "guessed@fizio.test", password: "Wrong#pass1" }))).fiz,
      );
    }
    expect(codes.slice(0, 10).every((code) => code === "FIZ258")).toBe(true);
    expect(codes.at(-1)).toBe("FIZ260");
  });
});

describe("password recovery", () => {
  it("sends a single-use link that sets a new password", async () => {
    const anon = h.client();
    await anon.api.auth.requestPasswordRecovery({ email: "priya.shah@fizio.test" });
    const email = await h.lastEmailTo("priya.shah@fizio.test");
    expect(email?.subject).toBe("Reset your Fizio password");
    const token = tokenFrom(email!.text);
    expect(await anon.api.auth.checkRecoveryToken({ token })).toEqual({ valid: true });

    const same = { token, password: "Fizio#2026", confirmPassword: "Fizio#2026" };
    expect((await failure(anon.api.auth.createNewPassword(same))).fiz).toBe("FIZ033");

    const next = { token, password: "New#Passw0rd", confirmPassword: "New#Passw0rd" };
    expect(await anon.api.auth.createNewPassword(next)).toEqual({ ok: true });
    expect(await anon.api.auth.checkRecoveryToken({ token })).toEqual({ valid: false });
    expect((await failure(anon.api.auth.createNewPassword(next))).fiz).toBe("FIZ201");

    expect((await failure(h.signIn("priya.shah@fizio.test"))).fiz).toBe("FIZ258");
    const c = await h.signIn("priya.shah@fizio.test", "New#Passw0rd");
    expect((await c.api.auth.me()).user?.email).toBe("priya.shah@fizio.test");
  });

  it("answers ok for an unknown email without sending anything", async () => {
    expect(await h.client().api.auth.requestPasswordRecovery({ email: "ghost@fizio.test" })).toEqual({
      ok: true,
    });
    expect(await h.lastEmailTo("ghost@fizio.test")).toBeUndefined();
  });

  it("writes the link in the patient's language", async () => {
    await h.client().api.auth.requestPasswordRecovery({ email: "paciente@fizio.test" });
    expect((await h.lastEmailTo("paciente@fizio.test"))?.subject).toBe("Restablezca su contraseña de Fizio");
  });

  it("checks a token by mutation, so it travels in a POST body and never in a GET's URL", () => {
    expect(appRouter.auth.checkRecoveryToken._def.type).toBe("mutation");
  });

  it("refuses a made-up token", async () => {
    const input = { token: "x".repeat(24), password: "New#Passw0rd", confirmPassword: "New#Passw0rd" };
    expect((await failure(h.client().api.auth.createNewPassword(input))).fiz).toBe("FIZ201");
  });
});

describe("self-registration and the gates", () => {
  const form = {
    firstName: "Nina",
    lastName: "Park",
    email: "nina.park@example.com",
    confirmEmail: "nina.park@example.com",
    password: "Nina#2026x",
    confirmPassword: "Nina#2026x",
    dateOfBirth: "1990-04-01",
    preferredLanguage: "ENGLISH" as const,
  };

  it("signs a new patient in, then walks terms → onboarding → app", async () => {
    const c = h.client();
    const { user } = await c.api.auth.register(form);
    expect(user).toMatchObject({ role: "ROLE_PATIENT", agreedToTos: false, onboardingCompleted: false });
    expect((await failure(c.api.profile.get())).fiz).toBe("FIZ412");
    expect((await failure(c.api.onboarding.complete())).fiz).toBe("FIZ412");

    await c.api.terms.accept({ version: "2026-01", readToEnd: true });
    expect((await failure(c.api.terms.accept({ version: "2026-01", readToEnd: true }))).fiz).toBe("FIZ279");
    expect((await failure(c.api.profile.get())).fiz).toBe("FIZ411");

    expect((await failure(c.api.onboarding.complete())).fiz).toBe("FIZ044");
    const { template } = await c.api.onboarding.intake();
    const done = await c.api.onboarding.complete({ answers: answersFor(template!.questions) });
    expect(done.user).toMatchObject({ agreedToTos: true, onboardingCompleted: true });
    expect((await c.api.profile.get()).email).toBe("nina.park@example.com");
  });

  it("refuses an email that already has an account", async () => {
    const again = { ...form, email: "PATIENT@fizio.test", confirmEmail: "patient@fizio.test" };
    expect((await failure(h.client().api.auth.register(again))).fiz).toBe("FIZ202");
  });
});
