import { createDocumentInput, DOCUMENT_MAX_ASSESSMENTS, DOCUMENT_MAX_PLANS } from "@fizio/domain";
import { Checkbox, FormField, Input, Label } from "@fizio/ui";
import { useId } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";

/** A new PDF of a patient's record: its name and the assessments and plans it holds. */
export function DocumentDialog({
  patientId,
  open,
  onClose,
}: {
  patientId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} title={t("clinical.newDocument")} onClose={onClose}>
      <DocumentForm patientId={patientId} onDone={onClose} />
    </FormDialog>
  );
}

function DocumentForm({ patientId, onDone }: { patientId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const hintId = useId();
  const assessments = trpc.records.assessments.useQuery({ patientId, page: 1, pageSize: 50 });
  const plans = trpc.records.treatmentPlans.useQuery({ patientId, page: 1, pageSize: 50 });
  const form = useFizForm(createDocumentInput, {
    defaultValues: { patientId, name: "", assessmentIds: [], planIds: [] },
  });
  const { failure, onError, submit } = useServerFailure(form);
  const chosenAssessments = useController({ control: form.control, name: "assessmentIds" }).field;
  const chosenPlans = useController({ control: form.control, name: "planIds" }).field;
  const create = trpc.records.documents.create.useMutation({
    onSuccess: async () => {
      notify.success(t("clinical.documentQueued"));
      await utils.records.documents.invalidate();
      onDone();
    },
    onError,
  });
  const { errors } = form.formState;
  const group = (
    legend: string,
    items: { id: string; name: string }[],
    field: { value: string[] | undefined; onChange: (v: string[]) => void },
    max: number,
  ) => (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {items.map((item) => {
        const value = field.value ?? [];
        const checked = value.includes(item.id);
        const id = `doc-${item.id}`;
        return (
          <div key={item.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={checked}
              disabled={!checked && value.length >= max}
              onCheckedChange={(on) =>
                field.onChange(on === true ? [...value, item.id] : value.filter((x) => x !== item.id))
              }
            />
            <Label htmlFor={id} className="font-normal">
              {item.name}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
  const assessmentItems = assessments.data?.items ?? [];
  const planItems = plans.data?.items ?? [];
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        create.mutate(values);
      })}
    >
      <FormField label={t("clinical.documentName")} error={errors.name?.message}>
        <Input {...form.register("name")} />
      </FormField>
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold">{t("clinical.chooseItems")}</p>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("clinical.chooseItemsHint")}
        </p>
        {assessmentItems.length + planItems.length === 0 && !assessments.isPending && !plans.isPending ? (
          <p className="text-sm">{t("clinical.noItems")}</p>
        ) : null}
        {assessmentItems.length
          ? group(
              t("clinical.assessmentsGroup"),
              assessmentItems,
              chosenAssessments,
              DOCUMENT_MAX_ASSESSMENTS,
            )
          : null}
        {planItems.length
          ? group(t("clinical.plansGroup"), planItems, chosenPlans, DOCUMENT_MAX_PLANS)
          : null}
        {errors.assessmentIds?.message || errors.planIds?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.assessmentIds?.message ?? errors.planIds?.message}
          </p>
        ) : null}
      </div>
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
