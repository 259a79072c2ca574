import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.services.mailer.send({
    to: "admin@fizio.test",
    subject: "Reset your password",
    text: "http://localhost:4310/login/create-new-password/secret-token",
    html: "",
  });
});
afterAll(() => h.t.drop());

describe("dev mailbox (it holds live recovery links)", () => {
  it("is refused to anonymous callers", async () => {
    expect(await failure(h.client().api.dev.mailbox())).toEqual({ fiz: "FIZ408", code: "UNAUTHORIZED" });
  });

  it.each(["admin@fizio.test", "provider@fizio.test", "patient@fizio.test"])(
    "is refused to %s",
    async (email) => {
      const user = await h.signIn(email);
      expect(await failure(user.api.dev.mailbox())).toEqual({ fiz: "FIZ413", code: "FORBIDDEN" });
    },
  );

  it("is refused even to the super admin when the stack did not turn it on", async () => {
    const off = new Client({ ...h.services, config: { ...h.services.config, devMailbox: false } });
    await off.api.auth.login({ email: "superadmin@fizio.test", password: "Fizio#2026" });
    expect(await failure(off.api.dev.mailbox())).toEqual({ fiz: "FIZ413", code: "FORBIDDEN" });
  });

  it("lists the outbox to the super admin when turned on", async () => {
    const superAdmin = await h.signIn("superadmin@fizio.test");
    const { items } = await superAdmin.api.dev.mailbox();
    expect(items.some((e) => e.to === "admin@fizio.test" && e.text.includes("create-new-password"))).toBe(
      true,
    );
  });
});
