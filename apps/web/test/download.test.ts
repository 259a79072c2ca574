import { describe, expect, it } from "vitest";
import { toCsv } from "../src/lib/download";

describe("toCsv", () => {
  it("quotes only what needs it, doubles quotes, leaves empty for null, ends lines with CRLF", () => {
    expect(
      toCsv(
        ["week", "note"],
        [
          ["2026-11-23", 'said "fine", then left'],
          ["2026-11-30", null],
        ],
      ),
    ).toBe('week,note\r\n2026-11-23,"said ""fine"", then left"\r\n2026-11-30,');
  });
});
