const BASE_MS = 1000;
const MAX_MS = 60_000;

/**
 * Wait before retry `attempt` (0-based): doubling from 1 s up to a minute, with full jitter so many tabs or
 * devices coming back online do not retry in step. `random` is in [0, 1).
 */
export function backoffMs(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
