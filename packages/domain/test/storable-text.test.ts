import { describe, expect, it } from "vitest";
import { isStorableText, unstorableTextPath } from "../src";

describe("texts Postgres can store", () => {
  it("takes any well-formed text, emoji (surrogate pairs) included", () => {
    for (const text of ["", "Ana López", "😀 ok", "\t\n", "日本語"])
      expect(isStorableText(text), text).toBe(true);
  });

  it("refuses a NUL and a lone half of a surrogate pair", () => {
    for (const text of ["a\u0000b", "\ud800", "x\udc00", "\ud83d"]) expect(isStorableText(text)).toBe(false);
  });

  it("names the field of an input holding one, at any depth, keys included", () => {
    const date = new Date();
    expect(unstorableTextPath({ a: "ok", at: date, n: [1, { s: "fine" }] })).toBeNull();
    expect(unstorableTextPath("\u0000")).toBe("");
    expect(unstorableTextPath({ plan: { sessions: [{ name: "ok" }, { name: "x\u0000" }] } })).toBe(
      "plan.sessions.1.name",
    );
    expect(unstorableTextPath({ answers: { "\ud800": 1 } })).toBe("answers.\ud800");
    expect(unstorableTextPath(undefined)).toBeNull();
  });
});
