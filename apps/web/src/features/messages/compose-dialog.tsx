import { sendMessageInput } from "@fizio/domain";
import { Button, DialogFooter, FormField, Input, Textarea } from "@fizio/ui";
import { useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";
import { FormDialog } from "../shell/form-dialog";
import { AttachmentPicker } from "./attachment-picker";
import { type Person, RecipientPicker } from "./recipient-picker";
import { useAttachments } from "./upload-attachment";

const FIELDS = ["recipientIds", "subject", "body"] as const;

/** A new conversation: recipients the rules allow, a subject, the text and any attachments. */
export function ComposeDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (conversationId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} title={t("messaging.compose")} onClose={onClose} className="max-w-2xl">
      <ComposeForm onClose={onClose} onSent={onSent} />
    </FormDialog>
  );
}

function ComposeForm({ onClose, onSent }: { onClose: () => void; onSent: (conversationId: string) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const attachments = useAttachments();
  const [people, setPeople] = useState<Person[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(sendMessageInput, {
    defaultValues: { recipientIds: [], subject: "", body: "", attachmentIds: [] },
  });
  const recipients = useController({ control: form.control, name: "recipientIds" });
  const send = trpc.messages.send.useMutation({
    onSuccess: async (result) => {
      notify.success(t("messaging.sent"));
      await utils.messages.list.invalidate();
      onSent(result.conversationId);
    },
    onError: (error) => setFailure(applyServerErrors(error, form.setError, FIELDS)),
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        send.mutate({ ...values, attachmentIds: attachments.ready.map((a) => a.id) });
      })}
    >
      <FormField label={t("messaging.to")} error={errors.recipientIds?.message}>
        <RecipientPicker
          value={people}
          onChange={(next) => {
            setPeople(next);
            recipients.field.onChange(next.map((p) => p.id));
          }}
        />
      </FormField>
      <FormField label={t("messaging.subject")} error={errors.subject?.message}>
        <Input autoComplete="off" {...form.register("subject")} />
      </FormField>
      <FormField label={t("messaging.body")} error={errors.body?.message}>
        <Textarea className="min-h-40" {...form.register("body")} />
      </FormField>
      <AttachmentPicker state={attachments} />
      <FormAlert message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={send.isPending || attachments.busy}>
          {send.isPending ? t("messaging.sending") : t("messaging.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}
