import { describe, expect, it } from "vitest";
import { type DataLayer, loadDataLayer, loadedDataLayer, startDataLayer } from "../src/lib/data-layer";

describe("the data layer", () => {
  it("is downloaded once, is there at once after, and a failed download is tried again by the next page", async () => {
    const layer = { client: {} } as DataLayer;
    let attempts = 0;
    startDataLayer(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return layer;
    });
    await expect(loadDataLayer()).rejects.toThrow("offline");
    expect(loadedDataLayer()).toBeNull();
    expect(await loadDataLayer()).toBe(layer);
    expect(await loadDataLayer()).toBe(layer);
    expect(loadedDataLayer()).toBe(layer);
    expect(attempts).toBe(2);
  });
});
