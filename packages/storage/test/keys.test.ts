import { describe, expect, it } from "vitest";
import {
  isKeyUnder,
  isPlainKey,
  messageAttachmentKey,
  organizationLogoKey,
  organizationPrefix,
} from "../src";

const ORG = "0b8f1e6a-4d6e-4c51-9d4e-2f0b8f1e6a11";

describe("storage keys", () => {
  it("put everything of an organisation under its prefix", () => {
    expect(organizationPrefix(ORG)).toBe(`orgs/${ORG}/`);
    expect(messageAttachmentKey(ORG, "a", ".pdf").startsWith(organizationPrefix(ORG))).toBe(true);
    expect(organizationLogoKey(ORG, "l", "png").startsWith(organizationPrefix(ORG))).toBe(true);
    expect(() => organizationPrefix("../x")).toThrow();
  });

  it("take only plain keys, so no key can stand for another prefix's object", () => {
    expect(isPlainKey(`orgs/${ORG}/logo/l.png`)).toBe(true);
    for (const key of [
      "",
      `/orgs/${ORG}/x`,
      `orgs/${ORG}//x`,
      `orgs/${ORG}/../other/x`,
      `orgs/${ORG}/./x`,
      `orgs/${ORG}/x\\..\\..\\other`,
      `orgs/${ORG}/x\u0000`,
      `orgs/${ORG}/${"a".repeat(1100)}`,
    ])
      expect(isPlainKey(key), JSON.stringify(key)).toBe(false);
  });

  it("place a key under a prefix only when it is plain and starts with it", () => {
    const prefixes = [organizationPrefix(ORG), "library/activity-images/"];
    expect(isKeyUnder(`orgs/${ORG}/documents/d/document.pdf`, prefixes)).toBe(true);
    expect(isKeyUnder("library/activity-images/quad-sets.svg", prefixes)).toBe(true);
    expect(isKeyUnder("orgs/another/documents/d/document.pdf", prefixes)).toBe(false);
    expect(isKeyUnder(`orgs/${ORG}`, prefixes)).toBe(false);
    expect(isKeyUnder(`orgs/${ORG}/../another/documents/d/document.pdf`, prefixes)).toBe(false);
    expect(isKeyUnder("library/activity-images/../../orgs/another/x", prefixes)).toBe(false);
  });
});
