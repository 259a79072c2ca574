import { describe, expect, it } from "vitest";
import { type ClientConfig, parseClientConfig } from "../src";

const config: ClientConfig = {
  version: "1.4.0",
  monitoring: { url: "", name: "" },
  cvFramesPerSecond: 5,
  captcha: { url: "https://captcha.example/api.js", token: "site-key" },
  charts: { url: "", name: "" },
  patientsOverviewStartDate: "2024-01-01",
  testUsers: false,
  cardsEnabled: true,
  stripePublishableKey: "pk_test_1",
};

describe("/config.json (spec §7)", () => {
  it("reads every field and drops any other", () => {
    expect(parseClientConfig({ ...config, extra: 1, captcha: { ...config.captcha, more: true } })).toEqual(
      config,
    );
  });

  it("leaves the Stripe key empty when the server sends none", () => {
    const { stripePublishableKey: _, ...withoutKey } = config;
    expect(parseClientConfig(withoutKey).stripePublishableKey).toBe("");
  });

  it.each([
    ["a missing field", { ...config, version: undefined }, "version"],
    ["a field of another type", { ...config, testUsers: "false" }, "testUsers"],
    ["a nested field", { ...config, charts: { url: "" } }, "charts.name"],
    ["a missing object", { ...config, monitoring: null }, "monitoring"],
    ["a frame rate of 0", { ...config, cvFramesPerSecond: 0 }, "cvFramesPerSecond"],
    ["a frame rate that is not a number", { ...config, cvFramesPerSecond: "5" }, "cvFramesPerSecond"],
  ])("refuses %s, naming it", (_case, value, field) => {
    expect(() => parseClientConfig(value)).toThrow(`config.json: ${field} is not`);
  });

  it("refuses a body that is not an object", () => {
    expect(() => parseClientConfig("down")).toThrow("config.json: config is not an object");
  });
});
