import { describe, expect, it } from "vitest";
import { AppError, assertUploadSlotFree, MAX_OPEN_UPLOADS_PER_USER, uploadExpiryCutoff } from "../src";

describe("open uploads", () => {
  it("lets a person have five uploads open, not a sixth (FIZ265)", () => {
    expect(MAX_OPEN_UPLOADS_PER_USER).toBe(5);
    for (let open = 0; open < 5; open++) expect(() => assertUploadSlotFree(open)).not.toThrow();
    for (const open of [5, 6, 100]) {
      const error = (() => {
        try {
          assertUploadSlotFree(open);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "FIZ265", params: { max: 5 } });
    }
  });

  it("expires uploads started more than 24 hours ago", () => {
    expect(uploadExpiryCutoff(new Date("2026-03-10T12:00:00Z"))).toEqual(new Date("2026-03-09T12:00:00Z"));
  });
});
