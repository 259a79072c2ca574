import type { Auth } from "./auth";

const identifier = (token: string) => `reset-password:${token}`;

/** The user a live recovery token belongs to, or null when it was used or has expired. */
export async function recoveryTokenOwner(auth: Auth, token: string): Promise<string | null> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(identifier(token));
  if (!verification || verification.expiresAt < new Date()) return null;
  return verification.value;
}

/** Issues a set-password link for an account an admin created (same single-use token as recovery). */
export async function issueRecoveryToken(auth: Auth, userId: string, ttlSeconds: number): Promise<string> {
  const context = await auth.$context;
  const token =
    context.generateId?.({ model: "verification", size: 24 }) || crypto.randomUUID().replaceAll("-", "");
  await context.internalAdapter.createVerificationValue({
    identifier: identifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}
