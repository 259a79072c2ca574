import type { Db, UserRow } from "@fizio/db";
import type { Storage } from "@fizio/storage";
import type { ProcedureObserver } from "@fizio/telemetry";
import type { Auth } from "./auth/auth";
import type { SessionCacheService } from "./auth/session-cache";
import type { PaymentGateway, StripeConfig } from "./billing/gateway";
import type { Mailer } from "./email/mailer";
import type { MailboxHub } from "./events/mailbox-hub";
import type { RecordingProgressHub } from "./events/recording-progress";
import type { VisitHub } from "./events/visit-hub";
import type { Texter } from "./notifications/sms";
import type { JobQueue } from "./queue";
import type { MediaEngine, VideoConfig } from "./visits/media-engine";

export interface ApiConfig {
  /** Public origin used in links sent by email. */
  appUrl: string;
  /** Only the dev and e2e stacks set it: a super admin may then read the email outbox at /dev/mailbox. */
  devMailbox: boolean;
  captcha: { url: string; secret: string } | null;
  /** Video visits: ICE servers of the embedded engine, or Vonage when configured. */
  video: VideoConfig;
  /** Reports reach back no further (PATIENTS_OVERVIEW_START_DATE); the domain's default when unset. */
  patientsOverviewStartDate?: string;
  /** The clinic's calendar (CLINIC_TIME_ZONE): the day of a service, of a fee adjustment, of monitoring data. */
  clinicTimeZone?: string;
  /** Card payments through Stripe (STRIPE_*); without it cards are off and cash and insurance still work. */
  stripe?: StripeConfig | null;
}

export interface Logger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

/** Long-lived services the API needs; built once per process. */
export interface ApiServices {
  db: Db;
  auth: Auth;
  /** Sessions checked in the last seconds, by this process. */
  sessions: SessionCacheService;
  mailer: Mailer;
  texter: Texter;
  config: ApiConfig;
  log: Logger;
  storage: Storage;
  queue: JobQueue;
  recordingProgress: RecordingProgressHub;
  visitHub: VisitHub;
  mailboxHub: MailboxHub;
  media: MediaEngine;
  /** Stripe, when configured. */
  payments: PaymentGateway | null;
  /** OpenTelemetry's view of each procedure call, when OTEL_EXPORTER_OTLP_ENDPOINT turns it on. */
  telemetry?: ProcedureObserver;
}

/** Per-request facts from the transport (Fastify in production, plain objects in tests). */
export interface RequestInfo {
  headers: Headers;
  ip: string;
  requestId: string;
  uiLocation?: string;
  setCookies: (cookies: string[]) => void;
}

export type Context = ApiServices &
  RequestInfo & {
    user: UserRow | null;
    sessionCookies?: string[];
    /** The session the request's cookie resolved to, once resolved. */
    sessionId?: string;
    /**
     * A signed-in query or subscription (set by the session check): its audit rows need not wait for the disk. A
     * write's, and any whose call is not known to be a read, do.
     */
    readOnly?: boolean;
  };

export function createContext(services: ApiServices, request: RequestInfo): Context {
  return { ...services, ...request, user: null };
}

/** A procedure's context once authedProcedure has resolved the signed-in user. */
export type UserContext = Context & { user: UserRow };
