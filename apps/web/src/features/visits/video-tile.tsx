import { cn } from "@fizio/ui";
import { MicOff, VideoOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectionQuality, MediaState } from "./media/types";

const QUALITY_BARS: Record<ConnectionQuality, number> = { good: 3, fair: 2, poor: 1, connecting: 0 };

/** One person's picture with their name, mute and camera state, and the connection's quality. */
export function VideoTile({
  name,
  stream,
  element,
  media,
  quality,
  speakerId,
  self = false,
  className,
}: {
  name: string;
  stream: MediaStream | null;
  element?: HTMLVideoElement | null;
  media: MediaState;
  quality?: ConnectionQuality;
  speakerId?: string;
  self?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const v = video.current;
    if (!v || !stream || v.srcObject === stream) return;
    v.srcObject = stream;
    void v.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const h = holder.current;
    if (!h || !element) return;
    element.className = "size-full object-contain";
    h.replaceChildren(element);
  }, [element]);
  useEffect(() => {
    const v = element ?? video.current;
    if (!self && speakerId && v && "setSinkId" in v)
      void (v as HTMLVideoElement & { setSinkId(id: string): Promise<void> })
        .setSinkId(speakerId === "default" ? "" : speakerId)
        .catch(() => undefined);
  }, [speakerId, element, self]);
  const showPicture = media.video || media.screen;
  const bars = quality ? QUALITY_BARS[quality] : null;
  return (
    <figure className={cn("relative min-h-0 overflow-hidden rounded-md bg-neutral-900", className)}>
      {element ? (
        <div ref={holder} className="size-full" />
      ) : (
        <video
          ref={video}
          data-testid={self ? "local-video" : "remote-video"}
          className={cn(
            "size-full object-contain",
            self && !media.screen && "-scale-x-100",
            !showPicture && "invisible",
          )}
          muted={self}
          playsInline
          autoPlay
        />
      )}
      {!showPicture ? (
        <div className="absolute inset-0 flex items-center justify-center text-neutral-200">
          <VideoOff aria-hidden className="size-8" />
          <span className="sr-only">{t("visits.cameraOff")}</span>
        </div>
      ) : null}
      <figcaption className="absolute bottom-1 left-1 flex max-w-[calc(100%-0.5rem)] items-center gap-1 rounded bg-black/70 px-2 py-0.5 text-xs text-white">
        {!media.audio ? (
          <>
            <MicOff aria-hidden className="size-3.5" />
            <span className="sr-only">{t("visits.muted")}</span>
          </>
        ) : null}
        <span className="truncate">{name}</span>
        {bars !== null && quality ? (
          <span
            role="img"
            aria-label={t(`visits.quality.${quality}`)}
            title={t(`visits.quality.${quality}`)}
            className="ml-1 flex items-end gap-px"
          >
            {[1, 2, 3].map((n) => (
              <span
                key={n}
                className={cn("w-1 rounded-sm", n <= bars ? "bg-white" : "bg-white/30")}
                style={{ height: `${n * 4}px` }}
              />
            ))}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
