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
  /**
   * Only the dev and e2e stacks set it (and the API tests): these emails (the seeded demo logins) need not enrol a
   * second factor even where their role requires one. A production start never sets it.
   */
  twoFactorExemptEmails?: readonly string[];
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
    /** That session's last activity (ms, as stored or as this process last wrote it) and its idle limit. */
    activity?: { lastActiveAt: number; idleMinutes: number };
    /**
     * A signed-in query or subscription (set by the session check): its audit rows need not wait for the disk. A
     * write's, and any whose call is not known to be a read, do.
     */
    readOnly?: boolean;
  };

/**
 * The services are the context's prototype and only the request's facts its own: a copy of every service on every
 * request (`{ ...services, ...request }`) took V8's slow path for a spread followed by more properties, about 18 µs
 * a call, and left a context whose every later copy was slower still. So a context is never copied with a spread,
 * which keeps only own properties: signedIn sets the user on it, and `withContext` derives one.
 */
export function createContext(services: ApiServices, request: RequestInfo): Context {
  const ctx: Context = Object.create(services);
  ctx.headers = request.headers;
  ctx.ip = request.ip;
  ctx.requestId = request.requestId;
  ctx.uiLocation = request.uiLocation;
  ctx.setCookies = request.setCookies;
  ctx.user = null;
  return ctx;
}

/** `ctx` with `changes` on a context of its own (its services still shared): a spread would drop them. */
export function withContext<T extends object, C extends object>(ctx: T, changes: C): Omit<T, keyof C> & C {
  return Object.assign(Object.create(Object.getPrototypeOf(ctx)), ctx, changes);
}

/** A procedure's context once authedProcedure has resolved the signed-in user. */
export type UserContext = Context & { user: UserRow };
