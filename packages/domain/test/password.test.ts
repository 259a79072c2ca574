import { describe, expect, it } from "vitest";
import { changePasswordInput, passwordSchema, unmetPasswordRequirements } from "../src";

describe("password rule (spec §5)", () => {
  it("accepts 8+ characters with a letter, a number and a special character", () => {
    expect(passwordSchema.safeParse("Fizio#2026").success).toBe(true);
    expect(unmetPasswordRequirements("añb3$xyz")).toEqual([]);
  });

  it.each([
    ["Ab1$", ["length"]],
    ["12345678$", ["letter"]],
    ["abcdefgh$", ["number"]],
    ["abcdefgh1", ["special"]],
    ["", ["length", "letter", "number", "special"]],
  ])("reports what %j lacks", (password, unmet) => {
    expect(unmetPasswordRequirements(password)).toEqual(unmet);
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("FIZ032");
  });

  it("requires the new password to differ from the current one and to be confirmed", () => {
    const same = changePasswordInput.safeParse({
      currentPassword: "Fizio#2026",
      password: "Fizio#2026",
      confirmPassword: "Fizio#2026",
    });
    expect(same.error?.issues.map((i) => i.message)).toEqual(["FIZ033"]);
    const mismatch = changePasswordInput.safeParse({
      currentPassword: "Old#pass1",
      password: "Fizio#2026",
      confirmPassword: "Fizio#2027",
    });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(["FIZ034"]);
  });
});
