import { batchAction, sessionAt, TELEMETRY, type TelemetrySession } from "@fizio/domain";

/**
 * What the browser reports to the monitoring service: which pages are used (route patterns, never a path with
 * an id in it), failed API calls (procedure, HTTP status, FIZ code), errors the error log already gets (kind
 * only) and web vitals. Nothing that names or identifies a patient.
 */
export type TelemetryItem =
  | { type: "page_view"; route: string }
  | { type: "api_error"; procedure: string; call: "read" | "write"; status: number | null; fiz: string }
  | { type: "client_error"; kind: "RENDER" | "UNHANDLED" }
  | { type: "web_vital"; name: string; value: number; rating: string };

export type StampedItem = TelemetryItem & { at: string; session: string };

export interface TelemetryBatch {
  /** The monitoring name of config.json. */
  app: string;
  version: string;
  items: StampedItem[];
}

export interface SessionStore {
  load(): TelemetrySession | null;
  save(session: TelemetrySession): void;
}

export interface BatcherDeps {
  app: string;
  version: string;
  /** Sends one batch; `unloading` when the page is being hidden or left (sendBeacon then). */
  send: (batch: TelemetryBatch, unloading: boolean) => void;
  now?: () => number;
  newId?: () => string;
  store?: SessionStore;
}

/** Activity refreshes the stored session at most this often; a new session is stored at once. */
const SAVE_EVERY_MS = 60_000;

/**
 * Batches items as spec §9 says: a batch goes out when it holds 50 items or 250 ms after its first item,
 * whichever comes first, and whatever is left goes out when the page is hidden. Each item carries the
 * session it happened in, which rotates after 4 hours or 15 minutes without activity.
 */
export function createTelemetryBatcher(deps: BatcherDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let session = deps.store?.load() ?? null;
  let savedAt = Number.NEGATIVE_INFINITY;
  let queue: StampedItem[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function touch(): TelemetrySession {
    const at = now();
    const next = sessionAt(session, at, newId);
    if (next.id !== session?.id || at - savedAt >= SAVE_EVERY_MS) {
      deps.store?.save(next);
      savedAt = at;
    }
    session = next;
    return next;
  }

  function flush(unloading = false) {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    deps.send({ app: deps.app, version: deps.version, items }, unloading);
  }

  return {
    record(item: TelemetryItem) {
      const { id } = touch();
      queue.push({ ...item, at: new Date(now()).toISOString(), session: id });
      const action = batchAction(queue.length);
      if (action === "send") flush();
      else if (action === "schedule") timer = setTimeout(() => flush(), TELEMETRY.flushMs);
    },
    /** The user did something (a click, a key): the session is not idle. */
    activity() {
      touch();
    },
    flush,
  };
}

export type TelemetryBatcher = ReturnType<typeof createTelemetryBatcher>;
