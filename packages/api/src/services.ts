import type { Db } from "@fizio/db";
import { createAuth } from "./auth/auth";
import type { ApiConfig, ApiServices, Logger } from "./context";
import { createMailer } from "./email/mailer";
import { sendRecoveryEmail } from "./email/recovery";

export function createApiServices(options: {
  db: Db;
  config: ApiConfig;
  authSecret: string;
  smtpUrl?: string;
  log: Logger;
}): ApiServices {
  const mailer = createMailer(options.db, { smtpUrl: options.smtpUrl });
  const auth = createAuth({
    db: options.db,
    baseURL: options.config.appUrl,
    secret: options.authSecret,
    sendRecoveryLink: (data) => sendRecoveryEmail(options.db, mailer, options.config.appUrl, data),
  });
  return { db: options.db, auth, mailer, config: options.config, log: options.log };
}
