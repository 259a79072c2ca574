import { Badge, type BadgeColor, Button } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { analysisFailureMessage, currentLocale } from "../../lib/i18n";
import type { ApiOutputs } from "../../lib/trpc";

type SupportVideo = ApiOutputs["videos"]["groups"]["get"]["supportVideos"][number];

const STATUS_COLOR: Record<SupportVideo["status"], BadgeColor> = {
  PENDING: "grey",
  PROCESSING: "blue",
  READY: "green",
  FAILED: "red",
};

export function SupportVideoRow({ video, onDelete }: { video: SupportVideo; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      {video.videoUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a movement demonstration without speech
        <video
          src={video.videoUrl}
          poster={video.previewUrl ?? undefined}
          controls
          preload="none"
          className="aspect-video w-full rounded-md bg-muted sm:w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{video.name}</span>
          <Badge color={STATUS_COLOR[video.status]}>{t(`videos.statuses.${video.status}`)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {[
            video.reps === null ? null : `${t("videos.reps")}: ${video.reps}`,
            video.orientation && t(`videos.orientations.${video.orientation}`),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {video.status === "FAILED" && video.failureCode ? (
          <p className="text-sm text-destructive">
            {analysisFailureMessage(video.failureCode, currentLocale())}
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" onClick={onDelete}>
        {t("videos.deleteVideo")}
      </Button>
    </li>
  );
}
