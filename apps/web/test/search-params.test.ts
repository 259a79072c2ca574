import { describe, expect, it } from "vitest";
import { parseEventListSearch } from "../src/features/calendar/list-search";
import { parseListSearch } from "../src/features/lists/list-search";
import { parseMailboxSearch } from "../src/features/messages/mailbox-search";
import { dateParam, enumParam, flagParam, pageParam, textParam, uuidParam } from "../src/lib/search-params";

const ID = "0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d";

describe("a route's URL search", () => {
  it("keeps the values that are well formed", () => {
    expect(parseListSearch({ page: 3, q: "smith" })).toEqual({ page: 3, q: "smith" });
    expect(parseMailboxSearch({ page: 2, unread: true, conversation: ID })).toEqual({
      page: 2,
      unread: true,
      conversation: ID,
    });
  });

  it("drops a malformed value and keeps the others, so the page still opens", () => {
    expect(parseListSearch({ page: "two", q: "smith" })).toEqual({ page: undefined, q: "smith" });
    expect(parseEventListSearch({ page: 1, status: "LOST", from: "2025-02-30", providerId: "42" })).toEqual({
      page: 1,
      status: undefined,
      from: undefined,
      providerId: undefined,
    });
  });

  it("leaves out the keys it does not name and the ones the URL does not have", () => {
    const search = parseListSearch({ q: "smith", utm_source: "mail" });
    expect(search).toEqual({ q: "smith" });
    expect(Object.keys(search)).toEqual(["q"]);
    expect(parseListSearch({})).toEqual({});
  });
});

describe("search fields", () => {
  it("reads a page as a whole number from 1", () => {
    expect([1, 20, 0, -1, 1.5, Number.POSITIVE_INFINITY, 2 ** 53, "2"].map(pageParam)).toEqual([
      1,
      20,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("reads text up to its length in characters, not UTF-16 units", () => {
    const upTo3 = textParam(3);
    expect(["abc", "abcd", "😀😀x", "😀😀xy", 123].map(upTo3)).toEqual([
      "abc",
      undefined,
      "😀😀x",
      undefined,
      undefined,
    ]);
    expect(textParam()("x".repeat(5000))).toHaveLength(5000);
  });

  it("reads a date only if it is a day of the calendar", () => {
    expect(
      [
        "2025-02-28",
        "2024-02-29",
        "2025-02-29",
        "2025-13-01",
        "2025-2-1",
        "tomorrow",
        "0000-01-01",
        "2201-01-01",
      ].map(dateParam),
    ).toEqual(["2025-02-28", "2024-02-29", undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it("reads an id as the API's id fields accept it", () => {
    expect(uuidParam(ID)).toBe(ID);
    expect(uuidParam(ID.toUpperCase())).toBe(ID.toUpperCase());
    expect(uuidParam("0b7a3c1e-5d2f-9a8b-9c6d-1e2f3a4b5c6d")).toBeUndefined();
    expect(uuidParam(`${ID}0`)).toBeUndefined();
  });

  it("reads an enum's values and a flag", () => {
    const status = enumParam<"OPEN" | "CLOSED">({ OPEN: true, CLOSED: true });
    expect(["OPEN", "open", "toString", 1].map(status)).toEqual(["OPEN", undefined, undefined, undefined]);
    expect(enumParam(["a.", "b."] as const)("b.")).toBe("b.");
    expect([true, false, "true", 1].map(flagParam)).toEqual([true, false, undefined, undefined]);
  });
});
