import { TELEMETRY } from "./constants";

/** The browser's telemetry session (spec §9): at most 4 hours long, ended by 15 minutes without activity. */
export interface TelemetrySession {
  id: string;
  /** Epoch milliseconds. */
  startedAt: number;
  lastActiveAt: number;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Whether activity at `now` can still belong to `session`. */
export function sessionLive(session: TelemetrySession, now: number): boolean {
  return (
    now - session.startedAt < TELEMETRY.sessionMaxHours * HOUR_MS &&
    now - session.lastActiveAt < TELEMETRY.inactivityMinutes * MINUTE_MS &&
    now >= session.startedAt
  );
}

/** The session activity at `now` belongs to: the current one, kept alive, or a new one when it has ended. */
export function sessionAt(
  session: TelemetrySession | null,
  now: number,
  newId: () => string,
): TelemetrySession {
  if (session && sessionLive(session, now))
    return { ...session, lastActiveAt: Math.max(now, session.lastActiveAt) };
  return { id: newId(), startedAt: now, lastActiveAt: now };
}

/**
 * What a batch of `size` items, the newest just added, calls for: sent at once when full (50 items), a timer
 * started by its first item (sent 250 ms later), or nothing more.
 */
export function batchAction(size: number): "send" | "schedule" | "wait" {
  if (size >= TELEMETRY.batchSize) return "send";
  return size === 1 ? "schedule" : "wait";
}
