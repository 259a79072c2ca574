/**
 * Resamples the part of a time series between startT and endT at `count` evenly spaced times by linear
 * interpolation. A point is null unless both observations around it exist: interpolating across a gap would
 * invent angles the camera never saw.
 */
export function resampleSegment(
  values: readonly (number | null)[],
  times: readonly number[],
  startT: number,
  endT: number,
  count: number,
): (number | null)[] {
  const out: (number | null)[] = [];
  let i = 0;
  for (let k = 0; k < count; k++) {
    const tau = count === 1 ? startT : startT + ((endT - startT) * k) / (count - 1);
    while (i < times.length - 1 && times[i + 1]! <= tau) i++;
    const t0 = times[i]!;
    const v0 = values[i] ?? null;
    if (tau <= t0 || i === times.length - 1) {
      out.push(tau >= t0 ? v0 : null);
      continue;
    }
    const v1 = values[i + 1] ?? null;
    out.push(v0 === null || v1 === null ? null : v0 + ((v1 - v0) * (tau - t0)) / (times[i + 1]! - t0));
  }
  return out;
}
