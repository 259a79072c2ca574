import { describe, expect, it } from "vitest";
import { uiMessages } from "../src";
import { browserFizMessage, createBrowserI18n, switchLanguage } from "../src/browser";

describe("the web app's catalogues", () => {
  it("has English ready at once and Spanish only once it is asked for", async () => {
    const i18n = createBrowserI18n();
    expect(i18n.t("nav.home")).toBe("Home");
    expect(i18n.hasResourceBundle("es", "ui")).toBe(false);
    // Before the download, a Spanish FIZ message falls back to English rather than to a key.
    expect(browserFizMessage("FIZ263", "es", { minutes: 4 })).toBe(
      "Too many failed sign-ins. Try again in 4 minutes.",
    );
    await switchLanguage(i18n, "es");
    expect(i18n.language).toBe("es");
    expect(i18n.t("nav.home")).toBe("Inicio");
    expect(browserFizMessage("FIZ263", "es", { minutes: 4 })).toBe(
      "Demasiados inicios de sesión fallidos. Vuelva a intentarlo en 4 minutos.",
    );
  });

  it("has the rest of English only once a page needs it", async () => {
    const i18n = createBrowserI18n();
    expect(i18n.t("login.submit")).toBe("Sign In");
    expect(i18n.t("home.patientTitle")).toBe("home.patientTitle");
    await switchLanguage(i18n, "en", false);
    expect(i18n.t("home.patientTitle")).toBe("home.patientTitle");
    await switchLanguage(i18n, "en");
    expect(i18n.t("home.patientTitle")).toBe(uiMessages.en.home.patientTitle);
    expect(i18n.t("login.submit")).toBe("Sign In");
  });

  it("keeps the latest choice when an earlier one finishes downloading later", async () => {
    const i18n = createBrowserI18n();
    const spanish = switchLanguage(i18n, "es");
    await switchLanguage(i18n, "en");
    await spanish;
    expect(i18n.language).toBe("en");
  });
});
