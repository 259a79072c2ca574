/** Business constants and limits of spec §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MAX_HEALTH_PLANS = 3;
export const PRICE_MIN_CENTS = 0;
export const PRICE_MAX_CENTS = 99_999;
export const TRANSACTION_MIN_CENTS = 100;
export const TRANSACTION_MAX_CENTS = 99_999;
export const EVENT_EARLY_START_MINUTES = 30;
export const SEARCH_MIN_LENGTH = 3;
export const SUPPORT_VIDEOS_RECOMMENDED = 5;
/** Spec §9 leaves the required minimum open: one processed support video is enough to measure against. */
export const MIN_SUPPORT_VIDEOS_FOR_ANALYSIS = 1;
export const CARD_VISIBLE_AFTER_MINUTES = 15;
export const ROTATE_DEVICE_TIMEOUT_SECONDS = 10;
export const VIDEO_STEP_PROMPT_SECONDS = 60;
export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
export const VIDEO_FPS = 24;
export const CV_FRAMES_PER_SECOND = 5;
export const MIN_VIEWPORT = { width: 360, height: 640 } as const;
export const QUERY_CACHE_MS = 5 * 60_000;
export const READ_RETRIES = 3;
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
export const TOAST_DURATION_MS = 4_500;
export const TELEMETRY = { batchSize: 50, flushMs: 250, sessionMaxHours: 4, inactivityMinutes: 15 } as const;
export const DEFAULT_PAGE_SIZE = 20;
/**
 * The years every date and instant of an input must fall in (FIZ276). JavaScript dates reach year 275760 and back
 * before year 0, Postgres has no year 0: without a bound such a year passed validation and failed in the database
 * (a 500). The range holds birth dates, plans, events and reports alike.
 */
export const DATE_YEARS = { min: 1900, max: 2200 } as const;
export const isYearInRange = (year: number): boolean => year >= DATE_YEARS.min && year <= DATE_YEARS.max;
/** The most procedure calls one batched API request may carry; the client splits larger batches. */
export const API_MAX_BATCH_SIZE = 25;
/**
 * The longest URL the client sends: a batch of queries carries its inputs in the URL, and the server's HTTP parser
 * refuses a request head over 16 KiB (431, FIZ003). The client splits a batch whose URL would be longer.
 */
export const API_MAX_URL_LENGTH = 8_000;
/**
 * Sizes of a browser's error report. The reporter is public, so every field is capped: the browser truncates
 * to these, and anything longer is refused (FIZ003) rather than stored.
 */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 8000, path: 500 } as const;
/** Password recovery links stay valid for one hour and work once. */
export const RECOVERY_TOKEN_TTL_MINUTES = 60;
/** A patient's own copy of their data stays downloadable this long, then is deleted (they may ask again). */
export const DATA_EXPORT_TTL_DAYS = 7;
export const SESSION_TTL_DAYS = 7;
