import { describe, expect, it } from "vitest";
import { formatPhone, personalInformationInput } from "../src";

describe("phone display (spec §3)", () => {
  it("shows ten digits as 3-3-4", () => {
    expect(formatPhone("5551234567")).toBe("555-123-4567");
  });

  it.each([null, undefined, "", "555123456", "55512345678", "555-123-4567", "abcdefghij"])(
    "shows a dash for %j",
    (value) => {
      expect(formatPhone(value)).toBe("-");
    },
  );

  it("rejects non-digits in the profile form with FIZ005", () => {
    const result = personalInformationInput.safeParse({
      firstName: "Ana",
      lastName: "Lopez",
      phone: "555-123",
      preferredLanguage: "SPANISH",
    });
    expect(result.error?.issues[0]?.message).toBe("FIZ005");
  });
});
