import { engagementTemplateInput } from "@fizio/domain";
import { FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { EditorFooter } from "../templates/editor-footer";
import { TemplateDialog, type TemplateEditorProps } from "../templates/template-dialog";
import { blankMessage, MessagesEditor } from "./messages-editor";

type Stored = ApiOutputs["engagement"]["templates"]["get"];

/** Create (no id) or edit an engagement template: a name and its messages by day. */
export function EngagementTemplateDialog({ id, open, onClose }: TemplateEditorProps) {
  const { t } = useTranslation();
  const stored = trpc.engagement.templates.get.useQuery({ id: id ?? "" }, { enabled: open && Boolean(id) });
  return (
    <TemplateDialog
      open={open}
      title={id ? t("engagement.editTemplate") : t("engagement.newTemplate")}
      id={id}
      stored={stored}
      onClose={onClose}
    >
      {(data) => <TemplateForm key={data?.id ?? "new"} stored={data} onDone={onClose} />}
    </TemplateDialog>
  );
}

function TemplateForm({ stored, onDone }: { stored: Stored | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(engagementTemplateInput, {
    defaultValues: stored
      ? {
          name: stored.name,
          messages: stored.messages.map((m) => ({
            startDay: m.startDay,
            bodyEn: m.bodyEn,
            bodyEs: m.bodyEs,
            attachmentId: m.attachmentId,
            attachmentName: m.attachment?.name ?? null,
          })),
        }
      : { name: "", messages: [blankMessage(0)] },
  });
  const done = async () => {
    notify.success(t("engagement.saved"));
    await utils.engagement.templates.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.engagement.templates.create.useMutation({ onSuccess: done, onError });
  const update = trpc.engagement.templates.update.useMutation({ onSuccess: done, onError });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (stored) update.mutate({ ...values, id: stored.id });
        else create.mutate(values);
      })}
    >
      <FormField label={t("engagement.name")} error={form.formState.errors.name?.message}>
        <Input {...form.register("name")} />
      </FormField>
      <MessagesEditor form={form} />
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
