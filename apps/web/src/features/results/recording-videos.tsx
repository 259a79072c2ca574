import { Button } from "@fizio/ui";
import { Pause, Play } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VideoPanel } from "./video-panel";

interface RecordingVideosProps {
  originalTitle: string;
  urls: { original: string | null; annotated: string | null };
  annotatedMissingText?: string;
}

/**
 * The original and the annotated replay side by side (stacked on a phone). "Play both" starts them together,
 * and seeking one moves the other, so the patient compares the same moment.
 */
export function RecordingVideos({ originalTitle, urls, annotatedMissingText }: RecordingVideosProps) {
  const { t } = useTranslation();
  const original = useRef<HTMLVideoElement>(null);
  const annotated = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const both = () => [original.current, annotated.current].filter((v): v is HTMLVideoElement => v !== null);
  const toggle = () => {
    const videos = both();
    if (playing) for (const v of videos) v.pause();
    else {
      const start = videos[0]?.currentTime ?? 0;
      for (const v of videos) {
        v.currentTime = start;
        void v.play().catch(() => setPlaying(false));
      }
    }
    setPlaying(!playing);
  };
  const follow = (from: HTMLVideoElement | null, to: HTMLVideoElement | null) => {
    if (from && to && Math.abs(from.currentTime - to.currentTime) > 0.3) to.currentTime = from.currentTime;
  };
  const canSync = Boolean(urls.original && urls.annotated);
  return (
    <section className="flex flex-col gap-3">
      <div className="grid gap-4 md:grid-cols-2">
        <VideoPanel
          ref={original}
          title={originalTitle}
          url={urls.original}
          onSeeked={() => follow(original.current, annotated.current)}
          onPause={() => setPlaying(false)}
        />
        <VideoPanel
          ref={annotated}
          title={t("results.detail.annotated")}
          url={urls.annotated}
          missingText={annotatedMissingText}
          onSeeked={() => follow(annotated.current, original.current)}
        />
      </div>
      {canSync ? (
        <div>
          <Button variant="outline" onClick={toggle}>
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
            {playing ? t("results.detail.pauseBoth") : t("results.detail.playBoth")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
