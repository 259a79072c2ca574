// The first-run command of a deployment (infra/deploy/README.md): `node dist/bin/admin.mjs create-super-admin
// --email … --first-name … --last-name … --organization "…"` in the image, `pnpm admin:create -- …` here. Creates
// the first organisation and its super admin and emails a set-password link, printed too when SMTP_URL is unset.
// Works on DATABASE_URL, else the dev stack's database. Exit codes: 0 done, 2 refused (a FIZ code), 1 failed.
import { parseArgs } from "node:util";
import { createAuth, createFirstSuperAdmin, createMailer, postgresJobQueue } from "@fizio/api";
import { closeDb, createDb, runMigrations } from "@fizio/db";
import { fieldErrorsFromZod, isAppError } from "@fizio/domain";
import { fizMessage } from "@fizio/i18n";
import { runMigrationsForQueue } from "@fizio/jobs";
import { z } from "zod";

const USAGE = `usage: admin create-super-admin --email <email> --first-name <name> --last-name <name> --organization <name> [--language en|es]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    organization: { type: "string" },
    language: { type: "string", default: "en" },
  },
});
if (positionals[0] !== "create-super-admin") {
  console.error(USAGE);
  process.exit(2);
}

const { url, stop } = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, stop: undefined }
  : await (await import("./dev-database")).devDatabaseUrl();
const db = createDb(url, { max: 2 });
const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 4310}`;
const smtpUrl = process.env.SMTP_URL || undefined;
try {
  await runMigrations(db);
  await runMigrationsForQueue(url);
  const mailer = createMailer(db, postgresJobQueue, { smtpUrl });
  // Only the token store is used here; sessions are the server's, signed with its own AUTH_SECRET.
  const auth = createAuth({
    db,
    baseURL: appUrl,
    secret: process.env.AUTH_SECRET ?? crypto.randomUUID().repeat(2),
    sendRecoveryLink: async () => {},
  });
  const result = await createFirstSuperAdmin(
    { db, auth, mailer, appUrl },
    {
      email: values.email,
      firstName: values["first-name"],
      lastName: values["last-name"],
      organization: values.organization,
      language: values.language === "es" ? "SPANISH" : "ENGLISH",
    },
  );
  const said = {
    created: `[fizio] super admin ${values.email} created in organisation "${values.organization}"`,
    "link-sent-again": `[fizio] ${values.email} is the super admin already and has not set a password: a new link was sent`,
    "already-set-up": `[fizio] ${values.email} is the super admin already and has signed in: nothing to do`,
  }[result.status];
  console.log(said);
  if (result.link)
    console.log(
      smtpUrl
        ? `[fizio] the set-password link was emailed to ${values.email}`
        : `[fizio] SMTP_URL is not set, so no email leaves: set the password at ${result.link}`,
    );
} catch (error) {
  if (error instanceof z.ZodError) {
    for (const issue of fieldErrorsFromZod(error))
      console.error(
        `[fizio] ${issue.path}: ${fizMessage(issue.code, "en", issue.params as never)} (${issue.code})`,
      );
    console.error(USAGE);
    process.exitCode = 2;
  } else if (isAppError(error)) {
    console.error(`[fizio] ${fizMessage(error.code, "en", error.params as never)} (${error.code})`);
    process.exitCode = 2;
  } else {
    console.error(`[fizio] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await closeDb(db);
  await stop?.();
}
