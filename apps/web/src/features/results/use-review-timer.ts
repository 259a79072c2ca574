import { REVIEW_BEAT_SECONDS } from "@fizio/domain";
import { useEffect, useEffectEvent } from "react";
import { trpc } from "../../lib/trpc";
import { createReviewClock } from "./review-clock";

/**
 * Reports the time a provider has a patient's recording result on screen (remote monitoring counts it as
 * treatment management): visible seconds only, in beats, and what is left when the page is hidden or closed.
 */
export function useReviewTimer(recordingId: string, enabled: boolean) {
  const log = trpc.billing.rtm.logReview.useMutation();
  const send = useEffectEvent((seconds: number) => log.mutate({ recordingId, seconds }));
  useEffect(() => {
    if (!enabled) return;
    const clock = createReviewClock(document.visibilityState === "visible", Date.now, send);
    const timer = setInterval(clock.flush, REVIEW_BEAT_SECONDS * 1000);
    const onVisibility = () => (document.visibilityState === "visible" ? clock.show() : clock.hide());
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      clock.flush();
    };
  }, [enabled]);
}
