import type { ClientConfig } from "@fizio/domain";
import type { AnyRouter } from "@tanstack/react-router";
import type { TelemetryItem } from "./batcher";

/**
 * The always-loaded side of the browser's telemetry: a sink for items, filled in once the telemetry module
 * (and web-vitals) has loaded, which happens only when config.json names a monitoring URL. Items recorded
 * while it loads are kept and handed over; with no monitoring URL nothing is kept or loaded.
 */
let sink: ((item: TelemetryItem) => void) | null = null;
let pending: TelemetryItem[] | null = null;

export function recordTelemetry(item: TelemetryItem): void {
  if (sink) sink(item);
  else pending?.push(item);
}

export function startTelemetry(config: ClientConfig, router: AnyRouter): void {
  const { url, name } = config.monitoring;
  if (!url) return;
  pending = [];
  import("./browser").then(
    ({ startBrowserTelemetry }) => {
      sink = startBrowserTelemetry({ url, app: name || "fizio", version: config.version, router });
      for (const item of pending ?? []) sink(item);
      pending = null;
    },
    () => {
      pending = null;
    },
  );
}
