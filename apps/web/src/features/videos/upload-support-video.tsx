import { AppError } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input } from "@fizio/ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { readOrientation, uploadSupportVideo } from "./upload-video";

type Group = ApiOutputs["videos"]["groups"]["get"];

/** Picks a file, checks it, and sends it with a progress bar; the list refreshes once the upload completes. */
export function UploadSupportVideo({ group }: { group: Group }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [reps, setReps] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const progressId = useId();
  const send = async () => {
    if (!file) return setFailure(fizMessage("FIZ058", currentLocale()));
    setFailure(null);
    setNote(null);
    setProgress(0);
    try {
      const read = await readOrientation(file);
      // The browser cannot decode every container (some .mov); the worker's probe has the last word then.
      if (!read) setNote(t("videos.unreadableOrientation"));
      await uploadSupportVideo({
        groupId: group.id,
        file,
        name: name.trim() || undefined,
        reps: reps ? Number(reps) : null,
        orientation: read ?? group.orientation,
        onProgress: setProgress,
      });
      notify.success(t("videos.uploaded"));
      setFile(null);
      setName("");
      setReps("");
      await utils.videos.groups.invalidate();
    } catch (error) {
      // The file checks run in the browser first (AppError); the rest are the server's answers.
      const refused =
        error instanceof AppError ? { fiz: error.code, params: error.params } : apiFailure(error);
      setFailure(fizMessage(refused.fiz, currentLocale(), refused.params));
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {t("videos.upload")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t("videos.file")}>
              <Input
                key={file ? "chosen" : "empty"}
                type="file"
                accept="video/mp4,video/quicktime,video/webm,.m4v"
                disabled={busy}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </FormField>
            <FormField label={t("videos.videoName")} hint={t("common.optional")}>
              <Input value={name} disabled={busy} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <FormField label={t("videos.reps")} hint={t("common.optional")}>
              <Input
                type="number"
                min={1}
                value={reps}
                disabled={busy}
                onChange={(event) => setReps(event.target.value)}
              />
            </FormField>
          </div>
          {busy ? (
            <div className="flex flex-col gap-1">
              <p id={progressId} className="text-sm" aria-live="polite">
                {t("videos.uploading", { percent: Math.round(progress * 100) })}
              </p>
              <div
                className="h-2 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-labelledby={progressId}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
              >
                <div className="h-full bg-primary transition-all" style={{ width: `${progress * 100}%` }} />
              </div>
            </div>
          ) : null}
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
          <FormAlert message={failure} />
          <div>
            <Button type="submit" disabled={busy || !file}>
              {t("videos.upload")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
