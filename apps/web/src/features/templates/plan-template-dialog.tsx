import { planTemplateInput } from "@fizio/domain";
import { Button, FormField, Input, Textarea } from "@fizio/ui";
import { Plus } from "lucide-react";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { AssessmentChecklist } from "./assessment-checklist";
import { EditorFooter } from "./editor-footer";
import { arrayMessage, numberOrNull } from "./form-values";
import { ItemControls } from "./item-controls";
import { PlanFields } from "./plan-fields";
import { TemplateDialog, type TemplateEditorProps } from "./template-dialog";

type Stored = ApiOutputs["templates"]["plans"]["get"];
/** The API pages at most 100 rows; the pickers offer the first 100 templates by name. */
const CHOICES = { page: 1, pageSize: 100 } as const;

/**
 * Create (no id) or edit a treatment plan template: session templates on days from the plan's start (its
 * activities) and the assessments given with it, at least one of each (spec §5).
 */
export function PlanTemplateDialog({ id, open, onClose }: TemplateEditorProps) {
  const { t } = useTranslation();
  const stored = trpc.templates.plans.get.useQuery({ id: id ?? "" }, { enabled: open && Boolean(id) });
  const title = id ? t("templateEditor.editPlan") : t("templateEditor.newPlan");
  return (
    <TemplateDialog open={open} title={title} id={id} stored={stored} onClose={onClose}>
      {(data) => <PlanTemplateForm key={data?.id ?? "new"} stored={data} onDone={onClose} />}
    </TemplateDialog>
  );
}

function PlanTemplateForm({ stored, onDone }: { stored: Stored | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const sessionChoices = trpc.templates.sessions.list.useQuery(CHOICES);
  const form = useFizForm(planTemplateInput, {
    defaultValues: stored
      ? {
          name: stored.name,
          description: stored.description,
          stage: stored.stage,
          longTermGoal: stored.longTermGoal,
          diagnosis: stored.diagnosis,
          sessions: stored.sessions.map((s) => ({
            sessionTemplateId: s.sessionTemplateId,
            dayOffset: s.dayOffset,
          })),
          assessmentTemplateIds: stored.assessments.map((a) => a.id),
        }
      : { name: "", description: "", stage: "TREATMENT", sessions: [], assessmentTemplateIds: [] },
  });
  const sessions = useFieldArray({ control: form.control, name: "sessions" });
  const done = async () => {
    notify.success(t("templateEditor.saved"));
    await utils.templates.plans.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.templates.plans.create.useMutation({ onSuccess: done, onError });
  const update = trpc.templates.plans.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const nextDay = () => {
    const days = form.getValues("sessions").map((s) => Number(s.dayOffset) || 0);
    return days.length ? Math.max(...days) + 1 : 0;
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (stored) update.mutate({ ...values, id: stored.id });
        else create.mutate(values);
      })}
    >
      <PlanFields form={form}>
        <FormField label={t("templateEditor.description")} error={errors.description?.message}>
          <Textarea className="min-h-16" {...form.register("description")} />
        </FormField>
      </PlanFields>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{t("templateEditor.plan.sessions")}</legend>
        <p className="text-xs text-muted-foreground">{t("templateEditor.plan.dayHint")}</p>
        {sessions.fields.map((field, i) => {
          const label = `${t("templateEditor.plan.session")} ${i + 1}`;
          const sErrors = errors.sessions?.[i];
          return (
            <section
              key={field.id}
              aria-label={label}
              className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_7rem_auto]"
            >
              <FormField label={t("templateEditor.plan.session")} error={sErrors?.sessionTemplateId?.message}>
                <SelectField
                  value={form.watch(`sessions.${i}.sessionTemplateId`)}
                  placeholder={t("templateEditor.plan.chooseSession")}
                  options={(sessionChoices.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(next) =>
                    form.setValue(`sessions.${i}.sessionTemplateId`, next, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                />
              </FormField>
              <FormField label={t("templateEditor.plan.dayOffset")} error={sErrors?.dayOffset?.message}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  {...form.register(`sessions.${i}.dayOffset`, { setValueAs: numberOrNull })}
                />
              </FormField>
              <div className="sm:pt-7">
                <ItemControls
                  label={label}
                  index={i}
                  count={sessions.fields.length}
                  onRemove={() => sessions.remove(i)}
                />
              </div>
            </section>
          );
        })}
        {arrayMessage(errors.sessions) ? (
          <p role="alert" className="text-sm text-destructive">
            {arrayMessage(errors.sessions)}
          </p>
        ) : null}
        <div>
          <Button
            variant="outline"
            onClick={() => sessions.append({ sessionTemplateId: "", dayOffset: nextDay() })}
          >
            <Plus aria-hidden />
            {t("templateEditor.plan.addSession")}
          </Button>
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="assessmentTemplateIds"
        render={({ field }) => (
          <AssessmentChecklist
            value={field.value}
            onChange={field.onChange}
            error={arrayMessage(errors.assessmentTemplateIds)}
          />
        )}
      />
      <FormAlert message={failure} />
      <EditorFooter pending={pending} onCancel={onDone} />
    </form>
  );
}
