import { createHash, randomBytes } from "node:crypto";

/**
 * Bearer secrets handed to a browser or put in an emailed link (a booking's cancellation link, a video-visit
 * seat): 192 random bits, URL-safe. Only their SHA-256 is stored, so a database leak does not leak them.
 */
export function newSecretToken(): string {
  return randomBytes(24).toString("base64url");
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
