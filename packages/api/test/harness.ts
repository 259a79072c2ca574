import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEMO_LOGINS,
  findUserByEmail,
  insertUser,
  listEmails,
  type NewUser,
  schema,
  seedDemo,
} from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { runMigrationsForQueue } from "@fizio/jobs";
import { createStorage, type Storage, startLocalS3 } from "@fizio/storage";
import { TRPCError } from "@trpc/server";
import { asc, like } from "drizzle-orm";
import {
  createApiServices,
  createCallerFactory,
  createContext,
  hashPassword,
  type StripeConfig,
} from "../src";
import { type ErrorData, errorData } from "../src/errors";
import { appRouter } from "../src/root";

const createCaller = createCallerFactory(appRouter);
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A browser-like client: keeps the cookies the API sets and sends them back. */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly services: ReturnType<typeof createApiServices>,
    readonly ip = `10.0.0.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  get api() {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    return createCaller(
      createContext(this.services, {
        headers: new Headers(cookie ? { cookie } : {}),
        ip: this.ip,
        requestId: randomUUID(),
        setCookies: (cookies) => {
          for (const c of cookies) {
            const [pair = ""] = c.split(";");
            const i = pair.indexOf("=");
            const name = pair.slice(0, i);
            const value = pair.slice(i + 1);
            if (!value || /max-age=0/i.test(c)) this.jar.delete(name);
            else this.jar.set(name, value);
          }
        },
      }),
    );
  }
}

export interface Harness {
  /** `t.drop()` also stops what the harness started besides the database (local S3, progress listener). */
  t: TestDatabase;
  storage: Storage;
  /** Where the local S3 keeps its files (bucket "fizio"). */
  storageDir: string;
  services: ReturnType<typeof createApiServices>;
  client: () => Client;
  signIn: (email: string, password?: string) => Promise<Client>;
  /** The newest email to `to` among the last 50, with its HTML and attachments. */
  lastEmailTo: (to: string) => Promise<Awaited<ReturnType<typeof listEmails>>[number] | undefined>;
  /** A user with the demo password in the organisation of `colleague` (an existing user's email). */
  /** An admin of the demo's other organisation (Northside), signed in: the caller every FIZ415 test needs. */
  signInOtherOrganizationAdmin: () => Promise<Client>;
  addUser: (
    colleague: string,
    user: Pick<NewUser, "role" | "email" | "firstName" | "lastName"> & Partial<NewUser>,
  ) => Promise<string>;
}

/** `seed: false` leaves the database as a production deployment's first start finds it: migrated and empty. */
export async function createHarness(
  options: { stripe?: StripeConfig; seed?: boolean } = {},
): Promise<Harness> {
  const database = await createTestDatabase();
  // graphile-worker's schema, so uploads can queue their jobs.
  await runMigrationsForQueue(database.url);
  if (options.seed !== false) await seedDemo(database.db, hashPassword);
  const dir = await mkdtemp(join(tmpdir(), "fizio-api-s3-"));
  const s3 = await startLocalS3({ dir, bucket: "fizio" });
  const storage = createStorage(s3.config);
  const services = createApiServices({
    db: database.db,
    config: {
      appUrl: "http://localhost:4310",
      devMailbox: true,
      // As the dev stack: the demo logins (and this harness's Northside admin) need not enrol a second factor.
      twoFactorExemptEmails: [...DEMO_LOGINS.map((login) => login.email), "admin@northside.test"],
      captcha: null,
      video: { iceServers: [], vonage: null },
      stripe: options.stripe ?? null,
    },
    authSecret: "test-secret-test-secret-test-secret-1234",
    log: silent,
    storage,
  });
  const t: TestDatabase = {
    ...database,
    drop: async () => {
      await services.recordingProgress.close();
      await services.visitHub.close();
      await services.mailboxHub.close();
      await services.sessions.close();
      storage.destroy();
      await s3.stop();
      await rm(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
  const client = () => new Client(services);
  const harness: Harness = {
    t,
    storage,
    storageDir: dir,
    services,
    client,
    signIn: async (email, password = "Fizio#2026") => {
      const c = client();
      await c.api.auth.login({ email, password });
      return c;
    },
    lastEmailTo: async (to) => (await listEmails(t.db)).find((e) => e.to === to),
    signInOtherOrganizationAdmin: async () => {
      const email = "admin@northside.test";
      if (!(await findUserByEmail(t.db, email)))
        await harness.addUser("provider@northside.test", {
          role: "ROLE_ADMIN",
          email,
          firstName: "North",
          lastName: "Admin",
        });
      return harness.signIn(email);
    },
    addUser: async (colleague, user) => {
      const { organizationId } = (await findUserByEmail(t.db, colleague))!;
      const row = await insertUser(t.db, {
        organizationId,
        name: `${user.firstName} ${user.lastName}`,
        emailVerified: true,
        ...user,
      });
      await t.db.insert(schema.accounts).values({
        userId: row.id,
        accountId: row.id,
        providerId: "credential",
        password: await hashPassword("Fizio#2026"),
      });
      return row.id;
    },
  };
  return harness;
}

/** The FIZ code and HTTP class a failed call would send to the browser. */
export async function failure(promise: Promise<unknown>): Promise<{ fiz: string; code: string }> {
  const { fiz, code } = await failureData(promise);
  return { fiz, code };
}

/** What a failed call's error response carries in `data` (errorData), with the tRPC code. */
export async function failureData(promise: Promise<unknown>): Promise<ErrorData & { code: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { ...errorData(error), code: error.code };
    throw error;
  }
  throw new Error("expected the call to fail");
}

export function tokenFrom(text: string): string {
  const match = text.match(/create-new-password\/([^\s]+)/);
  if (!match?.[1]) throw new Error(`no recovery link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** The audit rows so far whose action starts with `prefix`, oldest first: who did what to which record. */
export async function auditTrail(h: Harness, prefix: string) {
  return h.t.db
    .select({
      action: schema.auditLog.action,
      actorEmail: schema.auditLog.actorEmail,
      entity: schema.auditLog.entity,
      entityId: schema.auditLog.entityId,
    })
    .from(schema.auditLog)
    .where(like(schema.auditLog.action, `${prefix}%`))
    .orderBy(asc(schema.auditLog.id));
}
