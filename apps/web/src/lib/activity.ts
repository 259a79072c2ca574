import { useEffect } from "react";

/**
 * The user's activity as the automatic log-off counts it. Input is seen by the log-off itself; what goes on without
 * input (a recording, an upload, a video visit) tells it here, and it reports to the server at most once a minute.
 */
const listeners = new Set<() => void>();

export function markActivity(): void {
  for (const listener of listeners) listener();
}

export function onActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How often a screen in use without input (recording, uploading, in a visit) counts as activity. */
const KEEP_ALIVE_MS = 30_000;

/** While `active`, the screen counts as activity: a recording, an upload or a video visit is no idle time. */
export function useKeepAlive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    markActivity();
    const timer = window.setInterval(markActivity, KEEP_ALIVE_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}
