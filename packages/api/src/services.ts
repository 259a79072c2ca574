import type { Db } from "@fizio/db";
import type { Storage } from "@fizio/storage";
import type { ProcedureObserver } from "@fizio/telemetry";
import { createAuth } from "./auth/auth";
import { createSessionCache } from "./auth/session-cache";
import { createStripeGateway } from "./billing/gateway";
import type { ApiConfig, ApiServices, Logger } from "./context";
import { createMailer } from "./email/mailer";
import { sendRecoveryEmail } from "./email/recovery";
import { createMailboxHub } from "./events/mailbox-hub";
import { createRecordingProgressHub } from "./events/recording-progress";
import { createVisitHub } from "./events/visit-hub";
import { createTexter, type SmsConfig } from "./notifications/sms";
import { type JobQueue, postgresJobQueue } from "./queue";
import { createMediaEngine } from "./visits/media-engine";

export function createApiServices(options: {
  db: Db;
  config: ApiConfig;
  authSecret: string;
  smtpUrl?: string;
  /** A text-message provider; without one texts stay in the outbox. */
  sms?: SmsConfig | null;
  log: Logger;
  storage: Storage;
  /** graphile-worker's queue in the same database unless given. */
  queue?: JobQueue;
  telemetry?: ProcedureObserver;
}): ApiServices {
  const stripe = options.config.stripe ?? null;
  const queue = options.queue ?? postgresJobQueue;
  const mailer = createMailer(options.db, queue, { smtpUrl: options.smtpUrl });
  const texter = createTexter(options.db, queue, options.sms ?? null);
  const auth = createAuth({
    db: options.db,
    baseURL: options.config.appUrl,
    secret: options.authSecret,
    sendRecoveryLink: (data) => sendRecoveryEmail(options.db, mailer, options.config.appUrl, data),
  });
  return {
    db: options.db,
    auth,
    sessions: createSessionCache(options.db, options.log),
    mailer,
    texter,
    config: options.config,
    log: options.log,
    storage: options.storage,
    queue,
    recordingProgress: createRecordingProgressHub(options.db, options.log),
    visitHub: createVisitHub(options.db, options.log),
    mailboxHub: createMailboxHub(options.db, options.log),
    media: createMediaEngine(options.config.video),
    payments: stripe ? createStripeGateway(stripe) : null,
    telemetry: options.telemetry,
  };
}
