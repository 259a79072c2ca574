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
/** The most procedure calls one batched API request may carry; the client splits larger batches. */
export const API_MAX_BATCH_SIZE = 25;
/**
 * Sizes of a browser's error report. The reporter is public, so every field is capped: the browser truncates
 * to these, and anything longer is refused (FIZ003) rather than stored.
 */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 8000, path: 500 } as const;
/** Password recovery links stay valid for one hour and work once. */
export const RECOVERY_TOKEN_TTL_MINUTES = 60;
export const SESSION_TTL_DAYS = 7;
