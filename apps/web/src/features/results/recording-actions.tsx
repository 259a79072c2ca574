import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@fizio/ui";
import { Clapperboard, Download, EllipsisVertical, Play, Sparkles } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { downloadName } from "./format";
import type { RecordingRow } from "./recording-columns";
import { activityOf } from "./recording-detail";
import { type PlayKind, RecordingPlayerDialog } from "./recording-player-dialog";

/**
 * Spec row actions for a recording: play (original), processed-play (annotated), download, and
 * annotated-video-creation (render again, confirmed). URLs are fetched when used, as they expire.
 */
export function RecordingActions({ recording }: { recording: RecordingRow }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [playing, setPlaying] = useState<PlayKind | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rerender = trpc.recordings.rerender.useMutation({
    onSuccess: () => {
      notify.success(t("results.actions.rerenderQueued"));
      void utils.recordings.list.invalidate();
      void utils.recordings.get.invalidate({ id: recording.id });
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
    onSettled: () => setConfirming(false),
  });
  const download = async () => {
    try {
      const detail = await utils.recordings.get.fetch({ id: recording.id });
      if (!detail.urls.original) return notify.error(t("results.detail.videoUnavailable"));
      const link = document.createElement("a");
      link.href = detail.urls.original;
      link.download = downloadName(
        activityOf(recording),
        recording.recordingDate,
        detail.fileName?.split(".").pop() ?? "webm",
      );
      link.rel = "noopener";
      link.target = "_blank";
      link.click();
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    }
  };
  const analysed = recording.analysisStatus === "COMPLETED";
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${t("results.actions.menu")}: ${formatDateTime(recording.recordingDate, i18n.language)}`}
          >
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => setPlaying("original")}
            disabled={recording.uploadStatus !== "UPLOADED"}
          >
            <Play aria-hidden />
            {t("results.actions.play")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setPlaying("annotated")} disabled={!recording.hasAnnotatedVideo}>
            <Clapperboard aria-hidden />
            {t("results.actions.processedPlay")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download()} disabled={recording.uploadStatus !== "UPLOADED"}>
            <Download aria-hidden />
            {t("results.actions.download")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirming(true)} disabled={!analysed}>
            <Sparkles aria-hidden />
            {t("results.actions.rerender")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {playing ? (
        <RecordingPlayerDialog recordingId={recording.id} kind={playing} onClose={() => setPlaying(null)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("results.actions.rerenderTitle")}
        description={t("results.actions.rerenderBody")}
        confirmLabel={t("results.actions.rerenderConfirm")}
        pending={rerender.isPending}
        onConfirm={() => rerender.mutate({ id: recording.id })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
