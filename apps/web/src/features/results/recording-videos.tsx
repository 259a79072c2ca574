import { needsResync, syncedTime } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "./format";
import { VideoPanel } from "./video-panel";

interface RecordingVideosProps {
  originalTitle: string;
  urls: { original: string | null; annotated: string | null };
  /** The therapist's reference video, shown first when given (the provider's review). */
  referenceUrl?: string | null;
  annotatedMissingText?: string;
}

/**
 * The recording's videos side by side (stacked on a phone): the reference when given, the original, the annotated
 * replay. One play/pause button and one position slider drive them all, so the same moment is compared; the
 * original leads and the others are sought back to it when they drift (a shorter reference holds its last frame).
 */
export function RecordingVideos({
  originalTitle,
  urls,
  referenceUrl,
  annotatedMissingText,
}: RecordingVideosProps) {
  const { t } = useTranslation();
  const reference = useRef<HTMLVideoElement>(null);
  const original = useRef<HTMLVideoElement>(null);
  const annotated = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const videos = () =>
    [original.current, annotated.current, reference.current].filter((v): v is HTMLVideoElement => v !== null);
  const leader = () => videos()[0] ?? null;
  const align = (at: number, force = false) => {
    for (const v of videos().slice(1))
      if (force || needsResync(at, v.currentTime, v.duration)) v.currentTime = syncedTime(at, v.duration);
  };
  const play = () => {
    const lead = leader();
    if (!lead) return;
    align(lead.currentTime, true);
    for (const v of videos()) void v.play().catch(() => setPlaying(false));
    setPlaying(true);
  };
  const pause = () => {
    for (const v of videos()) v.pause();
    setPlaying(false);
  };
  const seek = (at: number) => {
    for (const v of videos()) v.currentTime = syncedTime(at, v.duration);
    setPosition(at);
  };
  useEffect(() => {
    const lead = leader();
    if (!lead) return;
    const onTime = () => {
      setPosition(lead.currentTime);
      if (!lead.paused) align(lead.currentTime);
    };
    const onMeta = () => setDuration(Number.isFinite(lead.duration) ? lead.duration : 0);
    const onEnded = () => pause();
    onMeta();
    lead.addEventListener("timeupdate", onTime);
    lead.addEventListener("loadedmetadata", onMeta);
    lead.addEventListener("durationchange", onMeta);
    lead.addEventListener("ended", onEnded);
    return () => {
      lead.removeEventListener("timeupdate", onTime);
      lead.removeEventListener("loadedmetadata", onMeta);
      lead.removeEventListener("durationchange", onMeta);
      lead.removeEventListener("ended", onEnded);
    };
  });
  const count = [urls.original, urls.annotated, referenceUrl].filter(Boolean).length;
  const canSync = count >= 2;
  const three = referenceUrl !== undefined;
  return (
    <section className="flex flex-col gap-3" aria-label={t("results.detail.videos")}>
      <div className={three ? "grid gap-4 md:grid-cols-3" : "grid gap-4 md:grid-cols-2"}>
        {three ? (
          <VideoPanel
            ref={reference}
            title={t("results.review.reference")}
            url={referenceUrl}
            controls={!canSync}
            muted
          />
        ) : null}
        <VideoPanel ref={original} title={originalTitle} url={urls.original} controls={!canSync} />
        <VideoPanel
          ref={annotated}
          title={t("results.detail.annotated")}
          url={urls.annotated}
          missingText={annotatedMissingText}
          controls={!canSync}
          muted={canSync}
        />
      </div>
      {canSync ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={playing ? pause : play}>
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            {playing
              ? t(three ? "results.detail.pauseAll" : "results.detail.pauseBoth")
              : t(three ? "results.detail.playAll" : "results.detail.playBoth")}
          </Button>
          <input
            type="range"
            className="min-w-32 flex-1 accent-primary"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(position, duration || 0)}
            aria-label={t("results.detail.position")}
            aria-valuetext={`${formatDuration(position)} / ${formatDuration(duration)}`}
            onChange={(event) => seek(Number(event.target.value))}
          />
          <span className="text-sm tabular-nums text-muted-foreground" aria-hidden>
            {formatDuration(position)} / {formatDuration(duration)}
          </span>
        </div>
      ) : null}
    </section>
  );
}
