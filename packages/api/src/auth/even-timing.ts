import { setTimeout as sleep } from "node:timers/promises";

/**
 * A recovery request answers no sooner than this, whether or not the email has an account: only the
 * existing account's branch issues a token and writes the outbox, and the difference must not show.
 */
export const RECOVERY_MIN_MS = 500;

/** Runs `work` and settles no sooner than `ms` after the start, so its duration tells nothing. */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const floor = sleep(ms);
  try {
    return await work();
  } finally {
    await floor;
  }
}
