import { pickActivityFields, sessionTemplateInput } from "@fizio/domain";
import { Button, DialogFooter, FormField, Input, Textarea } from "@fizio/ui";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { ActivityEditor, blankActivity } from "./activity-editor";
import { ActivityLibraryPicker } from "./activity-library-picker";
import { arrayMessage, placeServerErrors } from "./form-values";
import { ItemControls } from "./item-controls";
import { TemplateDialog } from "./template-dialog";

type Stored = ApiOutputs["templates"]["sessions"]["get"];

/** Create (no id) or edit a session template: a name and its activities in order (at least one, spec §5). */
export function SessionTemplateDialog({
  id,
  open,
  onClose,
}: {
  id: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stored = trpc.templates.sessions.get.useQuery({ id: id ?? "" }, { enabled: open && Boolean(id) });
  const title = id ? t("templateEditor.editSession") : t("templateEditor.newSession");
  return (
    <TemplateDialog
      open={open}
      title={title}
      loading={Boolean(id) && !stored.data}
      failed={stored.isError}
      onClose={onClose}
    >
      {open && (!id || stored.data) ? (
        <SessionTemplateForm key={stored.data?.id ?? "new"} stored={stored.data} onDone={onClose} />
      ) : null}
    </TemplateDialog>
  );
}

function SessionTemplateForm({ stored, onDone }: { stored: Stored | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(sessionTemplateInput, {
    defaultValues: stored
      ? {
          name: stored.name,
          description: stored.description,
          activities: stored.activities.map((a) => pickActivityFields(a)),
        }
      : { name: "", description: "", activities: [blankActivity()] },
  });
  const activities = useFieldArray({ control: form.control, name: "activities" });
  const done = async () => {
    notify.success(t("templateEditor.saved"));
    await utils.templates.sessions.invalidate();
    onDone();
  };
  const onError = (error: unknown) => setFailure(placeServerErrors(error, form.setError));
  const create = trpc.templates.sessions.create.useMutation({ onSuccess: done, onError });
  const update = trpc.templates.sessions.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
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
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{t("templateEditor.activities.title")}</legend>
        {activities.fields.map((field, i) => {
          const label = t("templateEditor.activities.item", { number: i + 1 });
          return (
            <section key={field.id} aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">{label}</h3>
                <ItemControls
                  label={label}
                  index={i}
                  count={activities.fields.length}
                  onMove={activities.move}
                  onRemove={() => activities.remove(i)}
                />
              </div>
              <ActivityEditor form={form} index={i} errors={errors.activities?.[i]} />
            </section>
          );
        })}
        {arrayMessage(errors.activities) ? (
          <p role="alert" className="text-sm text-destructive">
            {arrayMessage(errors.activities)}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <Button variant="outline" onClick={() => activities.append(blankActivity())}>
            <Plus aria-hidden />
            {t("templateEditor.activities.add")}
          </Button>
          <ActivityLibraryPicker onPick={(activity) => activities.append(activity)} />
        </div>
      </fieldset>
      <FormAlert message={failure} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("common.saving") : t("common.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
