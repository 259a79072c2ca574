import { FIZ_CATALOGUE, FIZ_CODES } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { errorMessages, fizMessage } from "../src";

describe("FIZ messages", () => {
  it.each(["en", "es"] as const)("has a non-empty %s message for every code in the catalogue", (locale) => {
    const missing = FIZ_CODES.filter((code) => !errorMessages[locale][FIZ_CATALOGUE[code].key]?.trim());
    expect(missing).toEqual([]);
  });

  it("keeps the spec's exact wording for the codes the spec fixes", () => {
    expect(fizMessage("FIZ064")).toBe("Registration failed. Please try again with a different email address");
    expect(fizMessage("FIZ201")).toBe("This link has already been used or is expired");
    expect(fizMessage("FIZ202")).toBe("There is already another account that uses provided email");
    expect(fizMessage("FIZ227")).toBe("This date has already been booked. Please select another date.");
    expect(fizMessage("FIZ256")).toBe("Incorrect password");
    expect(fizMessage("FIZ269")).toBe("Cannot enable text message notifications due to lack of phone number");
    expect(fizMessage("FIZ279")).toBe("Terms of service already accepted");
    expect(fizMessage("FIZ301")).toBe("Unexpected error occurred. Try again later");
    expect(fizMessage("FIZ302")).toBe("Data was already updated, refresh the page");
    expect(fizMessage("FIZ411")).toBe("To use the application, please complete the onboarding process");
    expect(fizMessage("FIZ412")).toBe("To use the application, you have to agree to the terms of service");
    expect(fizMessage("FIZ413")).toBe("Action not allowed");
    expect(fizMessage("FIZ415")).toBe("Access to other organizations' resource denied");
  });

  it("interpolates params and localises", () => {
    expect(fizMessage("FIZ246", "en", { nextDate: "2026-12-01" })).toBe(
      "Session is not ready to start. Next date: 2026-12-01",
    );
    expect(fizMessage("FIZ214", "es", { currentStatus: "Completed", targetStatus: "Scheduled" })).toContain(
      "de Completed a Scheduled",
    );
  });

  it("falls back to the unexpected-error message for an unknown code", () => {
    expect(fizMessage("FIZ999", "es")).toBe(errorMessages.es.unexpected);
  });
});
