import { VideoOff } from "lucide-react";
import { forwardRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface VideoPanelProps {
  title: string;
  url: string | null;
  /** Shown instead of the generic notice when there is no video yet for a known reason. */
  missingText?: string;
  /** The player's own controls; off when one shared control drives several players. */
  controls?: boolean;
  /** Followers of a shared control play silently: one soundtrack at a time. */
  muted?: boolean;
}

/** One labelled player; a clear notice when the video is missing or cannot be loaded (e.g. not stored). */
export const VideoPanel = forwardRef<HTMLVideoElement, VideoPanelProps>(function VideoPanel(
  { title, url, missingText, controls = true, muted = false },
  ref,
) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const unavailable = !url || failedUrl === url;
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div className="relative aspect-video overflow-hidden rounded-sm bg-slate-900">
        {unavailable ? (
          <div
            role="status"
            className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-200"
          >
            <VideoOff aria-hidden className="size-6" />
            <span>{t("results.detail.videoUnavailable")}</span>
            {missingText && !url ? <span className="text-xs text-slate-400">{missingText}</span> : null}
          </div>
        ) : (
          <video
            ref={ref}
            src={url}
            controls={controls}
            muted={muted}
            playsInline
            preload="metadata"
            aria-label={title}
            className="h-full w-full object-contain"
            onError={() => setFailedUrl(url)}
          >
            <track kind="captions" />
          </video>
        )}
      </div>
    </figure>
  );
});
