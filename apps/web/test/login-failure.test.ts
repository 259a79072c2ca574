import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { loginFailureMessage } from "../src/features/auth/login-failure";
import { i18n, showLanguage } from "../src/lib/i18n";

function apiError(httpStatus: number, fiz: string, params: Record<string, string | number> = {}) {
  return new TRPCClientError(fiz, {
    result: { error: { code: -32600, message: fiz, data: { httpStatus, fiz, params } } },
  });
}

describe("the login page's failure message", () => {
  it("says when a locked account may try again, in the user's language", async () => {
    const locked = apiError(429, "FIZ263", { minutes: 4 });
    expect(loginFailureMessage(locked)).toBe("Too many failed sign-ins. Try again in 4 minutes.");
    await showLanguage("es");
    expect(loginFailureMessage(locked)).toBe(
      "Demasiados inicios de sesión fallidos. Vuelva a intentarlo en 4 minutos.",
    );
    await showLanguage("en");
  });

  it("reads 'An error has occurred while logging' for a server failure", () => {
    expect(loginFailureMessage(apiError(500, "FIZ301"))).toBe(i18n.t("login.failed"));
  });
});
