import { describe, expect, it } from "vitest";
import { FIZ_CATALOGUE, FIZ_CODES, fieldErrorsFromZod, selfRegistrationInput } from "../src";

describe("FIZ catalogue (spec §8)", () => {
  it("keeps every code in its section's range with a unique key", () => {
    const ranges = [
      [1, 72],
      [101, 125],
      [201, 299],
      [301, 324],
      [401, 415],
    ];
    for (const code of FIZ_CODES) {
      const n = Number(code.slice(3));
      expect(
        ranges.some(([lo, hi]) => n >= (lo ?? 0) && n <= (hi ?? 0)),
        code,
      ).toBe(true);
    }
    const keys = FIZ_CODES.map((c) => FIZ_CATALOGUE[c].key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("turns a bad registration into one FIZ code per field", () => {
    const result = selfRegistrationInput.safeParse({
      firstName: "",
      lastName: "Lopez",
      email: "not-an-email",
      confirmEmail: "ana@example.com",
      password: "short",
      confirmPassword: "short",
      dateOfBirth: "2199-01-01",
    });
    const errors = fieldErrorsFromZod(result.error!);
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.code]));
    expect(byPath).toMatchObject({
      firstName: "FIZ001",
      email: "FIZ036",
      password: "FIZ032",
      dateOfBirth: "FIZ016",
    });
  });
});
