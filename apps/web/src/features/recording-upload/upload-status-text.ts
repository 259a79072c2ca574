import type { Locale } from "@fizio/i18n";
import type { TFunction } from "i18next";
import { fizMessage } from "../../lib/i18n";
import type { UploadView } from "./upload-manager";

export const percentOf = (view: UploadView) =>
  view.total > 0 ? Math.min(100, Math.floor((view.sent / view.total) * 100)) : 0;

/** One sentence for where a recording's upload stands. */
export function uploadStatusText(
  view: UploadView | undefined,
  t: TFunction,
  locale: Locale,
  /** The organisation's recording limit, named by a "too large" failure. */
  maxMb: number | undefined,
): string {
  // Not read back from the device yet: the recording is being sealed.
  if (!view) return t("recordingUpload.saving");
  switch (view.state) {
    case "recording":
      return t("recordingUpload.recording");
    case "uploaded":
      return t("recordingUpload.uploaded");
    case "failed":
      return t("recordingUpload.failed", {
        reason: fizMessage(view.failure ?? "FIZ301", locale, { maxMb: maxMb ?? "" }),
      });
  }
  if (view.offline) return t("recordingUpload.offline");
  if (view.retrying) return t("recordingUpload.retrying");
  if (view.state === "sealed" && view.sent === 0) return t("recordingUpload.waiting");
  return t("recordingUpload.uploading", { percent: percentOf(view) });
}
