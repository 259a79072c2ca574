import { hitRateLimit } from "@fizio/db";
import { AppError } from "@fizio/domain";
import type { Context } from "../context";

const LIMITS = {
  login: { perWindow: 10, windowSeconds: 60 },
  recovery: { perWindow: 5, windowSeconds: 900 },
  register: { perWindow: 10, windowSeconds: 3600 },
  /** Public calendar bookings (spec: abuse of /external-calendar). */
  booking: { perWindow: 10, windowSeconds: 3600 },
} as const;

/** Throttles by client address and by target email, so neither spraying nor one-account guessing gets far. */
export async function enforceRateLimit(
  ctx: Context,
  kind: keyof typeof LIMITS,
  email: string,
): Promise<void> {
  const { perWindow, windowSeconds } = LIMITS[kind];
  const [byIp, byEmail] = await Promise.all([
    hitRateLimit(ctx.db, `${kind}:ip:${ctx.ip}`, windowSeconds),
    hitRateLimit(ctx.db, `${kind}:email:${email.toLowerCase()}`, windowSeconds),
  ]);
  if (byIp > perWindow * 3 || byEmail > perWindow) throw new AppError("FIZ260");
}
