import type { Keypoint } from "@fizio/analysis/live";
import type { BodyView, Joint, Orientation } from "@fizio/domain";
import { Button, Spinner } from "@fizio/ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CameraView } from "./camera-view";
import { BOX_MARGIN, type ReadyPrompt, readyPrompt, voiceOf } from "./prompts";
import { type ReadyTracker, startTracker, track, verdict } from "./ready-tracker";
import { SkeletonOverlay } from "./skeleton-overlay";
import { useLivePose } from "./use-live-pose";
import { useScreenShape } from "./use-screen-shape";
import type { Voice } from "./voice";

export interface CameraSetup {
  joint: Joint | null;
  direction: BodyView | null;
  orientation: Orientation | null;
}

const now = () => performance.now() / 1000;

/**
 * Screen 2: the live pose with the prompt to fix first (spoken and shown), until the patient has held a good
 * position; a device held the wrong way for 10 s returns to the list.
 */
export function GetReadyStep({
  stream,
  setup,
  voice,
  onReady,
  onLeave,
}: {
  stream: MediaStream;
  setup: CameraSetup;
  voice: Voice;
  onReady: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const screen = useScreenShape();
  const [tracker, setTracker] = useState<ReadyTracker>(() => startTracker(now()));
  const [pose, setPose] = useState<{ keypoints: Keypoint[]; width: number; height: number } | null>(null);
  const lastSeen = useRef(now());
  const [clock, setClock] = useState(now());

  const status = useLivePose(video, (frame) => {
    const present = frame.keypoints.filter((k) => k.score >= 0.3).length >= 5;
    if (present) lastSeen.current = frame.t;
    setPose(frame);
    const prompt = readyPrompt({
      keypoints: frame.keypoints,
      frame,
      luma: frame.luma,
      absentSeconds: frame.t - lastSeen.current,
      ...setup,
      screen,
    });
    setTracker((tr) => track(tr, prompt, frame.t));
  });

  useEffect(() => {
    const timer = setInterval(() => setClock(now()), 250);
    return () => clearInterval(timer);
  }, []);

  const v = verdict(tracker, clock);
  useEffect(() => {
    if (v.kind === "ready") onReady();
    if (v.kind === "leave") onLeave();
  }, [v.kind, onReady, onLeave]);

  const prompt: ReadyPrompt | null = v.kind === "wait" ? v.prompt : null;
  const text = (p: ReadyPrompt) =>
    p === "stepBack" ? t("activitySession.getReady.stepBack") : t(`activitySession.voice.${p}`);
  useEffect(() => {
    if (status === "ready" && prompt) voice.say(t(`activitySession.voice.${voiceOf(prompt)}`));
  }, [prompt, status, voice, t]);

  const leavingIn = prompt === "rotateYourDevice" ? Math.max(0, Math.ceil(tracker.since + 10 - clock)) : null;
  const trackerFailed = status === "failed";

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="relative min-h-0 flex-1">
        <CameraView stream={stream} videoRef={video} label={t("activitySession.setup.preview")}>
          {pose ? (
            <SkeletonOverlay
              keypoints={pose.keypoints}
              width={pose.width}
              height={pose.height}
              boxMargin={BOX_MARGIN}
              boxLabel={t("activitySession.getReady.box")}
            />
          ) : null}
        </CameraView>
      </div>
      <div role="status" aria-live="polite" className="flex min-h-12 flex-col items-center gap-1 text-center">
        {status === "loading" ? (
          <span className="flex items-center gap-2 text-sm">
            <Spinner label={t("activitySession.getReady.loadingTracker")} />
            <span aria-hidden>{t("activitySession.getReady.loadingTracker")}</span>
          </span>
        ) : trackerFailed ? (
          <span className="text-sm">{t("activitySession.errors.tracker")}</span>
        ) : (
          <span className="text-lg font-semibold" data-testid="ready-prompt">
            {prompt ? text(prompt) : t("activitySession.getReady.holdStill")}
          </span>
        )}
        {leavingIn !== null ? (
          <span className="text-sm text-muted-foreground">
            {t("activitySession.getReady.leaving", { seconds: leavingIn })}
          </span>
        ) : null}
      </div>
      {trackerFailed || (v.kind === "wait" && v.offerVideoStep) ? (
        <div className="flex flex-col items-center gap-2 text-center text-sm">
          {trackerFailed ? null : <p>{t("activitySession.getReady.videoStepPrompt")}</p>}
          <Button onClick={onReady}>{t("activitySession.getReady.startRecording")}</Button>
        </div>
      ) : null}
    </div>
  );
}
