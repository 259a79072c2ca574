import { MESSAGE_BODY_MAX } from "@fizio/domain";
import { Button, Label, Textarea } from "@fizio/ui";
import { MessageSquare } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/**
 * The comments on a recording: what the provider wrote to the patient about it (each also a message in their
 * inbox). Staff write one here; the patient reads them on the result, as from their care team.
 */
export function RecordingComments({
  recordingId,
  viewer,
}: {
  recordingId: string;
  viewer: "patient" | "staff";
}) {
  const { t, i18n } = useTranslation();
  const canWrite = viewer === "staff";
  const title = t(canWrite ? "results.review.commentsTitle" : "results.review.commentsTitlePatient");
  const utils = trpc.useUtils();
  const fieldId = useId();
  const [body, setBody] = useState("");
  const comments = trpc.recordings.comments.useQuery({ id: recordingId });
  const send = trpc.recordings.comment.useMutation({
    onSuccess: async () => {
      setBody("");
      notify.success(t("results.review.commentSent"));
      await utils.recordings.comments.invalidate({ id: recordingId });
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const items = comments.data ?? [];
  if (!canWrite && items.length === 0) return null;
  return (
    <section aria-labelledby={`${fieldId}-title`} className="flex flex-col gap-3">
      <h2 id={`${fieldId}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("results.review.noComments")}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={title}>
          {items.map((c) => (
            <li key={c.id} className="rounded-md border p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <MessageSquare className="size-4" aria-hidden />
                {c.authorName} · {formatDateTime(c.sentAt, i18n.language)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim()) send.mutate({ id: recordingId, body });
          }}
        >
          <Label htmlFor={fieldId}>{t("results.review.commentLabel")}</Label>
          <Textarea
            id={fieldId}
            value={body}
            rows={3}
            maxLength={MESSAGE_BODY_MAX}
            onChange={(event) => setBody(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">{t("results.review.commentHint")}</p>
          <div>
            <Button type="submit" disabled={send.isPending || !body.trim()}>
              {t("results.review.sendComment")}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
