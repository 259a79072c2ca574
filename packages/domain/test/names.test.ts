import { describe, expect, it } from "vitest";
import { providerTitle } from "../src";

describe("a provider's title", () => {
  it("adds the credential when there is one", () => {
    expect(providerTitle({ firstName: "Sam", lastName: "Rivera", credential: "DPT" })).toBe(
      "Sam Rivera, DPT",
    );
    expect(providerTitle({ firstName: "Sam", lastName: "Rivera", credential: null })).toBe("Sam Rivera");
    expect(providerTitle({ firstName: "Sam", lastName: "Rivera", credential: "" })).toBe("Sam Rivera");
  });
});
