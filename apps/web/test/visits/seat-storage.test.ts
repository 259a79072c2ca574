import { describe, expect, it } from "vitest";
import { readSeat, storeSeat } from "../../src/features/visits/seat-storage";

describe("seat storage", () => {
  it("keeps the seat for a reload but not the join's stream start, which is for the first stream only", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    storeSeat(storage, "inv-1", { token: "t".repeat(43), connectionId: "tab12345", signalsAfter: 42 });
    expect(readSeat(storage, "inv-1")).toEqual({ token: "t".repeat(43), connectionId: "tab12345" });
    expect(readSeat(storage, "inv-2")).toBeNull();
  });
});
