import { Dialog, DialogContent, DialogHeader, DialogTitle, EmptyState, Skeleton } from "@fizio/ui";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { VideoPanel } from "./video-panel";

export type PlayKind = "original" | "annotated";

/** Row actions play and processed-play: the recording's original or annotated video in a dialog. */
export function RecordingPlayerDialog({
  recordingId,
  kind,
  onClose,
}: {
  recordingId: string;
  kind: PlayKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const recording = trpc.recordings.get.useQuery({ id: recordingId });
  const r = recording.data;
  const title = kind === "original" ? t("results.detail.originalProvider") : t("results.detail.annotated");
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl" closeLabel={t("common.cancel")}>
        <DialogHeader>
          <DialogTitle>
            {r
              ? t("results.actions.playerTitle", { name: `${r.patientFirstName} ${r.patientLastName}` })
              : title}
          </DialogTitle>
        </DialogHeader>
        {recording.error ? (
          <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(recording.error, currentLocale())} />
        ) : r ? (
          <VideoPanel title={title} url={kind === "original" ? r.urls.original : r.urls.annotated} />
        ) : (
          <Skeleton className="aspect-video w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}
