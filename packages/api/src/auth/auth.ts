import type { Db } from "@fizio/db";
import { schema } from "@fizio/db";
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_TOKEN_TTL_MINUTES,
  SESSION_TTL_DAYS,
  signInBlocker,
} from "@fizio/domain";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./password-hash";
import { scopeAuthContexts } from "./scoped-contexts";

/** The name authenticator apps show next to the account. */
export const TWO_FACTOR_ISSUER = "Fizio";
/** How long the second step waits for its code after the password. */
export const TWO_FACTOR_STEP_SECONDS = 600;

export interface AuthOptions {
  db: Db;
  /** Public origin of the app, e.g. http://localhost:4310. */
  baseURL: string;
  secret: string;
  sendRecoveryLink: (data: { userId: string; email: string; token: string }) => Promise<void>;
}

/**
 * better-auth owns credentials, sessions and one-time recovery tokens; our users table is its user model.
 * Sign-in is refused for deleted, disabled and inactive accounts before any session exists.
 * Its two-factor plugin holds the authenticator (TOTP, RFC 6238: 6 digits, 30 s, ±1 step) and the recovery codes,
 * and turns a password sign-in of an enrolled user into a pending second step (a signed cookie, 10 minutes).
 */
export function createAuth({ db, baseURL, secret, sendRecoveryLink }: AuthOptions) {
  void scopeAuthContexts();
  return betterAuth({
    baseURL,
    basePath: "/api/auth",
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: baseURL.startsWith("https://"),
      cookiePrefix: "fizio",
    },
    // Declared so better-auth accepts our required columns; it never inserts users (sign-up is ours).
    user: {
      additionalFields: {
        organizationId: { type: "string", required: true, input: false },
        role: { type: "string", required: true, input: false },
        firstName: { type: "string", required: true, input: false },
        lastName: { type: "string", required: true, input: false },
      },
    },
    session: {
      expiresIn: SESSION_TTL_DAYS * 86_400,
      updateAge: 86_400,
      // Read with every session check, so the idle log-off needs no query of its own; written by our code only.
      additionalFields: {
        lastActiveAt: { type: "date", required: false, input: false, defaultValue: () => new Date() },
      },
    },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RECOVERY_TOKEN_TTL_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        await sendRecoveryLink({ userId: user.id, email: user.email, token });
      },
    },
    plugins: [
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: "encrypted" },
        // Wrong codes count towards our own sign-in lock, with wrong passwords (sign-in-lock.ts): one lock, one notice.
        accountLockout: { enabled: false },
        twoFactorCookieMaxAge: TWO_FACTOR_STEP_SECONDS,
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [user] = await db.select().from(schema.users).where(eq(schema.users.id, session.userId));
            const blocker = user ? signInBlocker(user) : null;
            if (!user || blocker) throw new APIError("FORBIDDEN", { message: blocker?.code ?? "FIZ105" });
            return { data: session };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
