import type { Db } from "@fizio/db";
import { schema } from "@fizio/db";
import { RECOVERY_TOKEN_TTL_MINUTES, SESSION_TTL_DAYS, signInBlocker } from "@fizio/domain";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./password-hash";
import { scopeAuthContexts } from "./scoped-contexts";

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
