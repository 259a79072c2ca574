import { describe, expect, it } from "vitest";
import { dtw } from "../src/align";

/** One rep-like movement per joint, sampled at n points, with time running as u^warp. */
const movement = (n: number, warp = 1, offset = 0) =>
  Array.from({ length: n }, (_, i) => {
    const u = (i / (n - 1)) ** warp;
    return [180 - 60 * (1 - Math.cos(2 * Math.PI * u)) + offset, 20 + 30 * Math.sin(Math.PI * u)];
  });

const meanPairError = (a: number[][], b: number[][], path: [number, number][]) =>
  path.reduce((s, [i, j]) => s + Math.abs(a[i]![0]! - b[j]![0]!), 0) / path.length;

function expectValidPath(path: [number, number][], n: number, m: number) {
  expect(path[0]).toEqual([0, 0]);
  expect(path.at(-1)).toEqual([n - 1, m - 1]);
  for (let k = 1; k < path.length; k++) {
    const di = path[k]![0] - path[k - 1]![0];
    const dj = path[k]![1] - path[k - 1]![1];
    expect([0, 1]).toContain(di);
    expect([0, 1]).toContain(dj);
    expect(di + dj).toBeGreaterThan(0);
  }
}

describe("dtw", () => {
  it("aligns a sequence with itself along the diagonal at zero cost", () => {
    const a = movement(50);
    const { path, distance } = dtw(a, a);
    expect(distance).toBe(0);
    expect(path).toEqual(a.map((_, i) => [i, i]));
  });

  it("undoes uneven tempo: matched samples agree where the plain diagonal does not", () => {
    const reference = movement(64);
    const patient = movement(64, 1.6);
    const { path } = dtw(patient, reference);
    expectValidPath(path, 64, 64);
    const diagonal = reference.map((_, i) => [i, i] as [number, number]);
    expect(meanPairError(patient, reference, path)).toBeLessThan(2);
    expect(meanPairError(patient, reference, diagonal)).toBeGreaterThan(10);
  });

  it("aligns sequences of different lengths", () => {
    const a = movement(100);
    const b = movement(300);
    const { path } = dtw(a, b);
    expectValidPath(path, 100, 300);
    expect(meanPairError(a, b, path)).toBeLessThan(1);
  });

  it("stays within the Sakoe-Chiba band", () => {
    const a = movement(100);
    const b = movement(100, 3);
    for (const window of [0.05, 0.2]) {
      const { path } = dtw(a, b, { window });
      expectValidPath(path, 100, 100);
      expect(Math.max(...path.map(([i, j]) => Math.abs(i - j)))).toBeLessThanOrEqual(Math.ceil(window * 100));
    }
  });

  it("leaves missing values out of the cost instead of reading them as 0°", () => {
    const a = movement(40);
    const hidden = a.map(([x, y], i) => (i % 3 === 0 ? [x!, null] : [x!, y!]));
    expect(dtw(hidden, a).distance).toBe(0);
    const allHidden = a.map(() => [null, null]);
    expect(dtw(allHidden, a, { missingCost: 5 }).distance).toBe(5 * 40);
  });

  it("is deterministic", () => {
    const a = movement(80, 1.3);
    const b = movement(70);
    expect(dtw(a, b)).toEqual(dtw(a, b));
  });

  it("rejects an empty sequence", () => {
    expect(() => dtw([], movement(3))).toThrow(RangeError);
  });
});
