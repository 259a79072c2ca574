import type { Role } from "../enums";

/**
 * Automatic log-off after inactivity (HIPAA §164.312(a)(2)(iii)): a session nobody has used for the organisation's
 * limit for the user's role is refused and revoked by the server; the browser warns a minute before.
 */
export const IDLE_LOGOFF = {
  /** Defaults: staff hold more records open at once than a patient their own. */
  staffMinutes: 15,
  patientMinutes: 30,
  /** The range an admin may set: at least the warning's minute plus one to act on it, at most a working day. */
  minMinutes: 2,
  maxMinutes: 8 * 60,
  /** The browser warns this long before the limit, with "Stay signed in". */
  warningMs: 60_000,
  /**
   * A session's activity is written at most this often: a minute of heartbeats is one write, and the limit is
   * counted from a time at most this old. Half the browser's own heartbeat interval, so each heartbeat is written.
   */
  writeEveryMs: 30_000,
  /** The browser reports activity (input in any tab, a recording or visit under way) at most this often. */
  heartbeatEveryMs: 60_000,
} as const;

/** What the organisation set for each kind of user. */
export interface IdleLimits {
  staffIdleMinutes: number;
  patientIdleMinutes: number;
}

/** The idle limit for a user of `role`, in minutes: patients have theirs, everyone else is staff. */
export function idleLimitMinutes(role: Role, limits: IdleLimits): number {
  return role === "ROLE_PATIENT" ? limits.patientIdleMinutes : limits.staffIdleMinutes;
}

/** Idle: no activity for longer than the limit. Exactly at the limit the session still stands. */
export function isIdle(lastActiveAt: Date, now: Date, limitMinutes: number): boolean {
  return now.getTime() - lastActiveAt.getTime() > limitMinutes * 60_000;
}

/** The session's activity is written again: the stored time is at least `writeEveryMs` old. */
export function activityDue(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= IDLE_LOGOFF.writeEveryMs;
}

/** How long the session has before it is idle, in ms (0 once it is). */
export function idleRemainingMs(lastActiveAt: Date, now: Date, limitMinutes: number): number {
  return Math.max(0, lastActiveAt.getTime() + limitMinutes * 60_000 - now.getTime());
}
