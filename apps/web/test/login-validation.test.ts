import { describe, expect, it } from "vitest";
import { validateLogin } from "../src/features/auth/login-validation";
import { showLanguage } from "../src/lib/i18n";

describe("the login form's check", () => {
  it("says what is missing or malformed with the domain's messages, in the user's language", async () => {
    expect(await validateLogin({ email: "", password: "" })).toEqual({
      errors: { email: "This field is required", password: "Password is required" },
    });
    expect((await validateLogin({ email: "not-an-email", password: "x" })).errors).toEqual({
      email: "Enter a valid email address",
    });
    await showLanguage("es");
    expect((await validateLogin({ email: "", password: "x" })).errors?.email).not.toBe(
      "This field is required",
    );
    await showLanguage("en");
  });

  it("hands on the values the schema accepts", async () => {
    expect(await validateLogin({ email: "patient@fizio.test", password: "Fizio#2026" })).toEqual({
      values: { email: "patient@fizio.test", password: "Fizio#2026" },
    });
  });
});
