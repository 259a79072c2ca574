import { createI18n } from "@fizio/i18n";
import { describe, expect, it } from "vitest";
import { pageTitle, titleKeys } from "../src/lib/page-title";

const i18n = createI18n("en");

describe("page titles derived from the path", () => {
  it("names each page segment and ends with the product", () => {
    expect(pageTitle(i18n, "/calendar/list")).toBe("Calendar · List · Fizio");
    expect(pageTitle(i18n, "/records/engagement/history")).toBe("Records · Engagement · History · Fizio");
    expect(pageTitle(i18n, "/profile/personal-information")).toBe("Profile · Personal Information · Fizio");
  });

  it("skips segments that are ids, not pages", () => {
    expect(titleKeys("/login/create-new-password/0f6c9a1e3b2d4c5e")).toEqual(["login", "createNewPassword"]);
  });

  it("follows the language, and marks pages that do not exist", () => {
    expect(pageTitle(i18n, "/medical-history", { lng: "es" })).toBe("Historial médico · Fizio");
    expect(pageTitle(i18n, "/whatever", { notFound: true })).toBe("Not Found · Fizio");
  });
});
