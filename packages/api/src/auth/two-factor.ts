import { findPendingTwoFactorUserId } from "@fizio/db";
import { AppError, type FizCode } from "@fizio/domain";
import { APIError } from "better-auth/api";
import QRCode from "qrcode";
import type { Context } from "../context";
import { mapAuthError } from "./map-auth-error";

/** better-auth's two-factor refusals as FIZ codes; anything else is `fallback`. */
const TWO_FACTOR_CODES: Record<string, FizCode> = {
  INVALID_CODE: "FIZ285",
  INVALID_BACKUP_CODE: "FIZ285",
  INVALID_TWO_FACTOR_COOKIE: "FIZ287",
  // The authenticator went (an admin's reset) while the second step waited: only a new sign-in can tell.
  TOTP_NOT_ENABLED: "FIZ287",
  BACKUP_CODES_NOT_ENABLED: "FIZ287",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "FIZ289",
  TOTP_ALREADY_ENABLED: "FIZ302",
  INVALID_PASSWORD: "FIZ256",
};

export function mapTwoFactorError(error: unknown, fallback: FizCode = "FIZ285"): AppError {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    const fiz = code ? TWO_FACTOR_CODES[code] : undefined;
    if (fiz) return new AppError(fiz, {}, { cause: error });
  }
  return mapAuthError(error, fallback);
}

/** The pending second step's cookie value, as better-auth signed it ("<value>.<signature>", URL-encoded). */
async function twoFactorCookieValue(ctx: Pick<Context, "auth" | "headers">): Promise<string | null> {
  const header = ctx.headers.get("cookie");
  if (!header) return null;
  const name = (await ctx.auth.$context).createAuthCookie("two_factor").name;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    const signed = decodeURIComponent(rest.join("="));
    const dot = signed.lastIndexOf(".");
    return dot > 0 ? signed.slice(0, dot) : null;
  }
  return null;
}

/** Whose password opened the second step this browser is at, while it stands (10 minutes); null otherwise. */
export async function pendingTwoFactorUserId(ctx: Pick<Context, "auth" | "headers" | "db">) {
  const value = await twoFactorCookieValue(ctx);
  return value ? ((await findPendingTwoFactorUserId(ctx.db, value)) ?? null) : null;
}

/** The otpauth:// URI's base32 secret, for typing into an app that cannot scan. */
export function manualKeyOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

/** The enrolment QR code, drawn here (no image is fetched from anywhere) as an SVG data URL. */
export async function qrCodeDataUrl(totpURI: string): Promise<string> {
  const svg = await QRCode.toString(totpURI, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
