import { REVIEW_BEAT_MAX_SECONDS } from "@fizio/domain";

/**
 * Counts the seconds a page is visible and hands them out in beats of at most the server's cap: a beat that
 * comes late (a throttled background timer) never claims more than it may.
 */
export function createReviewClock(visible: boolean, now: () => number, send: (seconds: number) => void) {
  let visibleSince: number | null = visible ? now() : null;
  let seen = 0;
  const flush = () => {
    if (visibleSince !== null) {
      seen += (now() - visibleSince) / 1000;
      visibleSince = now();
    }
    const seconds = Math.min(REVIEW_BEAT_MAX_SECONDS, Math.floor(seen));
    if (seconds >= 1) send(seconds);
    seen = 0;
  };
  return {
    flush,
    show: () => {
      visibleSince ??= now();
    },
    hide: () => {
      flush();
      visibleSince = null;
    },
  };
}
