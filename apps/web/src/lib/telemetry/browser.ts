import type { AnyRouter } from "@tanstack/react-router";
import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import {
  createTelemetryBatcher,
  type SessionStore,
  type TelemetryBatch,
  type TelemetryItem,
} from "./batcher";

const SESSION_KEY = "fizio.telemetry.session";

const localSession: SessionStore = {
  load() {
    try {
      return JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    } catch {
      return null;
    }
  },
  save(session) {
    try {
      localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      // Storage full or denied: the session then lives as long as the page.
    }
  },
};

/**
 * POSTs a batch as text/plain (a simple request: no CORS preflight to the monitoring service) and without
 * cookies; keepalive lets it finish as the page goes. A page being hidden uses sendBeacon, falling back to
 * fetch when the beacon is refused. A failed send is dropped: telemetry never reports itself.
 */
export function sendBatch(url: string) {
  return (batch: TelemetryBatch, unloading: boolean) => {
    const body = JSON.stringify(batch);
    if (unloading && navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" }))) return;
    void fetch(url, {
      method: "POST",
      body,
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "text/plain" },
    }).catch(() => undefined);
  };
}

/**
 * The browser's telemetry, loaded only when config.json names a monitoring URL: page views by route pattern,
 * web vitals, and what recordTelemetry is handed (API and client errors).
 */
export function startBrowserTelemetry(options: {
  url: string;
  app: string;
  version: string;
  router: AnyRouter;
}): (item: TelemetryItem) => void {
  const batcher = createTelemetryBatcher({
    app: options.app,
    version: options.version,
    send: sendBatch(options.url),
    store: localSession,
  });
  const record = (item: TelemetryItem) => batcher.record(item);

  const pageView = () => {
    const route = options.router.state.matches.at(-1)?.fullPath;
    if (route) record({ type: "page_view", route });
  };
  pageView();
  options.router.subscribe("onResolved", (event) => {
    if (event.pathChanged) pageView();
  });

  for (const type of ["pointerdown", "keydown"])
    window.addEventListener(type, () => batcher.activity(), { capture: true, passive: true });
  const leave = () => batcher.flush(true);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
  });
  window.addEventListener("pagehide", leave);

  const vital = ({ name, value, rating }: { name: string; value: number; rating: string }) =>
    record({ type: "web_vital", name, value, rating });
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(vital);
  return record;
}
