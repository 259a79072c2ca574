import {
  REVIEW_BEAT_SECONDS,
  type ReviewSurface,
  reviewInput,
  reviewVisibility,
  startReviewClock,
  takeReviewSeconds,
} from "@fizio/domain";
import { useEffect } from "react";

/** The server's beacon endpoint for review time (apps/server's review-beacon plugin). */
export const REVIEW_BEACON_PATH = "/api/beacon/review-time";

/** What a page's review time is about: one recording, or a patient's chart or messages. */
export type ReviewSubject =
  | { surface: Extract<ReviewSurface, "RECORDING">; recordingId: string }
  | { surface: Exclude<ReviewSurface, "RECORDING">; patientId: string };

/** Input that shows someone is at the page; a playing video counts too (its timeupdate, caught on the way down). */
const INPUT_EVENTS = ["keydown", "pointerdown", "pointermove", "wheel", "scroll", "touchstart", "timeupdate"];

/**
 * A beat of review time. By beacon, which the browser sends even while the page is hidden, closed, left or reloaded
 * (a fetch started then is cancelled with the page: full page loads counted 0 s); a keepalive fetch when the
 * beacon queue is full.
 */
function sendBeat(subject: ReviewSubject, seconds: number) {
  const body = JSON.stringify({ ...subject, seconds });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(REVIEW_BEACON_PATH, body)) return;
  void fetch(REVIEW_BEACON_PATH, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "text/plain" },
  }).catch(() => {});
}

/**
 * Counts a provider's time on a patient's recording, chart or messages as treatment-management minutes (RTM
 * 98980/98981): the time the page is visible and in use (the idle rule is packages/domain's review clock), reported
 * every minute and on every way of leaving: tab hidden, closed, navigated away (in the app or not), reloaded.
 * `subject` null (e.g. not a provider) counts nothing.
 */
export function useReviewTime(subject: ReviewSubject | null) {
  const key = subject ? JSON.stringify(subject) : null;
  useEffect(() => {
    if (!key) return;
    const target = JSON.parse(key) as ReviewSubject;
    let clock = startReviewClock(Date.now(), document.visibilityState === "visible");
    const flush = () => {
      const taken = takeReviewSeconds(clock, Date.now());
      clock = taken.clock;
      if (taken.seconds >= 1) sendBeat(target, taken.seconds);
    };
    const onInput = () => {
      clock = reviewInput(clock, Date.now());
    };
    const onVisibility = () => {
      const visible = document.visibilityState === "visible";
      clock = reviewVisibility(clock, Date.now(), visible);
      if (!visible) flush();
    };
    const onPageHide = () => {
      clock = reviewVisibility(clock, Date.now(), false);
      flush();
    };
    // A page restored from the back/forward cache counts again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted)
        clock = reviewVisibility(clock, Date.now(), document.visibilityState === "visible");
    };
    const timer = setInterval(flush, REVIEW_BEAT_SECONDS * 1000);
    const options = { capture: true, passive: true };
    for (const name of INPUT_EVENTS) document.addEventListener(name, onInput, options);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) document.removeEventListener(name, onInput, options);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      flush();
    };
  }, [key]);
}
