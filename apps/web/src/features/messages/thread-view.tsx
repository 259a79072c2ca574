import { messageBodySchema } from "@fizio/domain";
import { Button, Card, CardContent, EmptyState, FormField, Skeleton, Textarea } from "@fizio/ui";
import { ArrowLeft, Paperclip, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { useReviewTime } from "../../lib/use-review-time";
import { FormAlert } from "../forms/form-alert";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";
import { PatientChartLink } from "../lists/patient-chart-link";
import { useSession } from "../session/use-session";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { PageHeader } from "../shell/page-header";
import { AttachmentPicker } from "./attachment-picker";
import { useAttachments } from "./upload-attachment";

type Thread = ApiOutputs["messages"]["thread"];
type Message = Thread["messages"][number];

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** One conversation, oldest first, with the reply box; opening it marks what came in as read. */
export function ThreadView({ conversationId, onBack }: { conversationId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const thread = trpc.messages.thread.useQuery({ conversationId });
  const staff = useSession().data?.user?.role !== "ROLE_PATIENT";
  const markRead = trpc.messages.markRead.useMutation();
  // A provider's time on a thread with a patient counts as treatment management (RTM), as on the recording.
  const role = useSession().data?.user?.role;
  const patientId = thread.data?.participants.find((p) => p.role === "ROLE_PATIENT")?.id;
  useReviewTime(role === "ROLE_PROVIDER" && patientId ? { surface: "MESSAGES", patientId } : null);
  const hasUnread = thread.data?.messages.some((m) => m.direction === "INCOMING" && !m.read) ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks read once per change of what is unread
  useEffect(() => {
    if (hasUnread) markRead.mutate({ conversationId });
  }, [hasUnread, conversationId]);
  const back = (
    <Button variant="outline" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {t("messaging.back")}
    </Button>
  );
  if (thread.error)
    return (
      <>
        <PageHeader title={t("messaging.loadFailed")} actions={back} />
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(thread.error, currentLocale())} />
      </>
    );
  if (!thread.data)
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  const data = thread.data;
  return (
    <>
      <PageHeader
        title={data.subject}
        description={`${t("messaging.participants")}: ${data.participants.map(nameOf).join(", ")}`}
        actions={back}
      />
      {staff
        ? data.participants
            .filter((p) => p.role === "ROLE_PATIENT")
            .map((p) => (
              <PatientChartLink
                key={p.id}
                patientId={p.id}
                name={nameOf(p)}
                className="mb-4 inline-block text-sm"
              />
            ))
        : null}
      <ol className="flex flex-col gap-3" aria-label={data.subject}>
        {data.messages.map((m) => (
          <li key={m.id}>
            <MessageCard message={m} />
          </li>
        ))}
      </ol>
      {data.canReply ? (
        <ReplyForm conversationId={conversationId} />
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{t("messaging.cannotReply")}</p>
      )}
    </>
  );
}

function MessageCard({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();
  const remove = trpc.messages.remove.useMutation({
    onSuccess: async () => {
      notify.success(t("messaging.deleted"));
      setConfirming(false);
      await utils.messages.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const mine = message.direction === "OUTGOING";
  return (
    <Card className={mine ? "border-primary/30 bg-primary/5" : undefined}>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="font-medium">{mine ? t("messaging.you") : nameOf(message.author)}</p>
            <p className="text-xs text-muted-foreground">{formatDateTime(message.sentAt, i18n.language)}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={message.canDelete ? t("messaging.delete") : t("messaging.cannotDelete")}
            title={message.canDelete ? undefined : t("messaging.cannotDelete")}
            disabled={!message.canDelete}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        {message.attachments.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {message.attachments.map((a) => (
              <li key={a.id}>
                <AttachmentLink id={a.id} name={a.name} />
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t("messaging.deleteTitle")}
        description={t("messaging.deleteBody")}
        confirmLabel={t("messaging.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ messageId: message.id })}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/** The signed link is asked for when clicked, so it is fresh (they expire). */
function AttachmentLink({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      aria-label={t("messaging.download", { name })}
      onClick={async () => {
        setPending(true);
        try {
          const { url } = await utils.messages.attachmentUrl.fetch({ attachmentId: id }, { staleTime: 0 });
          if (url) window.open(url, "_blank", "noopener");
        } catch (error) {
          notify.error(apiErrorMessage(error, currentLocale()));
        } finally {
          setPending(false);
        }
      }}
    >
      <Paperclip aria-hidden />
      <span className="max-w-48 truncate">{name}</span>
    </Button>
  );
}

const replySchema = z.object({ body: messageBodySchema });

function ReplyForm({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const attachments = useAttachments();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(replySchema, { defaultValues: { body: "" } });
  const reply = trpc.messages.reply.useMutation({
    onSuccess: async () => {
      notify.success(t("messaging.replySent"));
      form.reset({ body: "" });
      attachments.clear();
      await utils.messages.invalidate();
    },
    onError: (error) => setFailure(applyServerErrors(error, form.setError, ["body"])),
  });
  return (
    <form
      noValidate
      className="mt-5 flex flex-col gap-3"
      aria-label={t("messaging.reply")}
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        reply.mutate({
          conversationId,
          body: values.body,
          attachmentIds: attachments.ready.map((a) => a.id),
        });
      })}
    >
      <FormField label={t("messaging.replyLabel")} error={form.formState.errors.body?.message}>
        <Textarea className="min-h-28" {...form.register("body")} />
      </FormField>
      <AttachmentPicker state={attachments} />
      <FormAlert message={failure} />
      <Button type="submit" className="self-start" disabled={reply.isPending || attachments.busy}>
        {reply.isPending ? t("messaging.sending") : t("messaging.reply")}
      </Button>
    </form>
  );
}
