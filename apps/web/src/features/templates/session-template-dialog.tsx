import { pickActivityFields, sessionTemplateInput } from "@fizio/domain";
import { FormField, Input, Textarea } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { blankActivity } from "./activity-editor";
import { ActivityListEditor } from "./activity-list-editor";
import { EditorFooter } from "./editor-footer";
import { TemplateDialog, type TemplateEditorProps } from "./template-dialog";

type Stored = ApiOutputs["templates"]["sessions"]["get"];

/** Create (no id) or edit a session template: a name and its activities in order (at least one, spec §5). */
export function SessionTemplateDialog({ id, open, onClose }: TemplateEditorProps) {
  const { t } = useTranslation();
  const stored = trpc.templates.sessions.get.useQuery({ id: id ?? "" }, { enabled: open && Boolean(id) });
  const title = id ? t("templateEditor.editSession") : t("templateEditor.newSession");
  return (
    <TemplateDialog open={open} title={title} id={id} stored={stored} onClose={onClose}>
      {(data) => <SessionTemplateForm key={data?.id ?? "new"} stored={data} onDone={onClose} />}
    </TemplateDialog>
  );
}

function SessionTemplateForm({ stored, onDone }: { stored: Stored | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(sessionTemplateInput, {
    defaultValues: stored
      ? {
          name: stored.name,
          description: stored.description,
          activities: stored.activities.map((a) => pickActivityFields(a)),
        }
      : { name: "", description: "", activities: [blankActivity()] },
  });
  const done = async () => {
    notify.success(t("templateEditor.saved"));
    await utils.templates.sessions.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.templates.sessions.create.useMutation({ onSuccess: done, onError });
  const update = trpc.templates.sessions.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (stored) update.mutate({ ...values, id: stored.id });
        else create.mutate(values);
      })}
    >
      <FormField label={t("templateEditor.name")} error={errors.name?.message}>
        <Input {...form.register("name")} />
      </FormField>
      <FormField label={t("templateEditor.description")} error={errors.description?.message}>
        <Textarea className="min-h-16" {...form.register("description")} />
      </FormField>
      <ActivityListEditor form={form} name="activities" />
      <FormAlert message={failure} />
      <EditorFooter pending={pending} onCancel={onDone} />
    </form>
  );
}
