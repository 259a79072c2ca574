import { addDays, isFinalPlanStatus, todayIn } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Plus } from "lucide-react";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { RomResults } from "../assessments/rom-results";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { blankActivity } from "../templates/activity-editor";
import { AssessmentChecklist } from "../templates/assessment-checklist";
import { EditorFooter } from "../templates/editor-footer";
import { arrayMessage } from "../templates/form-values";
import { PlanFields } from "../templates/plan-fields";
import { planContentInput, type StoredPlan } from "./plan-form";
import { PlanSessionEditor } from "./plan-session-editor";

const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * A plan's name, stage, goal, diagnosis, dated sessions of activities and assessments. Activities the patient
 * has started are shown read-only (FIZ221), a live plan's assessments cannot be unticked (FIZ248), and an
 * ended plan can only be looked at.
 */
export function PlanEditorForm({
  patientId,
  stored,
  onDone,
}: {
  patientId: string;
  stored: StoredPlan | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(planContentInput, {
    // plans.get answers in the shape plans.update takes; the read-only fields it adds are dropped on parsing.
    defaultValues: stored ?? {
      name: "",
      stage: "TREATMENT",
      longTermGoal: "",
      diagnosis: "",
      sessions: [{ date: today(), activities: [blankActivity()] }],
      assessmentTemplateIds: [],
    },
  });
  const sessions = useFieldArray({ control: form.control, name: "sessions" });
  const done = async (saved: StoredPlan) => {
    notify.success(t("patientPlans.editor.saved"));
    // The next opening shows what was saved, not the copy read before it.
    utils.plans.get.setData({ planId: saved.id }, saved);
    await utils.plans.list.invalidate({ patientId });
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.plans.create.useMutation({ onSuccess: done, onError });
  const update = trpc.plans.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const ended = stored ? isFinalPlanStatus(stored.status) : false;
  const given = stored && stored.status !== "DRAFT" ? stored.assessmentTemplateIds : [];
  const nextDate = () => {
    const last = form.getValues("sessions").at(-1)?.date;
    return last ? addDays(last, 1) : today();
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (stored) update.mutate({ ...values, planId: stored.id });
        else create.mutate({ ...values, creationMode: "MANUAL", patientId });
      })}
    >
      {ended ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{t("patientPlans.editor.ended")}</p>
      ) : null}
      <fieldset disabled={ended} className="flex min-w-0 flex-col gap-4">
        <PlanFields form={form} stageRequired />
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 font-semibold">{t("patientPlans.editor.sessions")}</legend>
          <p className="text-xs text-muted-foreground">{t("patientPlans.editor.dateHint")}</p>
          {sessions.fields.map((field, i) => (
            <PlanSessionEditor
              key={field.id}
              form={form}
              index={i}
              count={sessions.fields.length}
              stored={stored}
              onRemove={() => sessions.remove(i)}
            />
          ))}
          {arrayMessage(form.formState.errors.sessions) ? (
            <p role="alert" className="text-sm text-destructive">
              {arrayMessage(form.formState.errors.sessions)}
            </p>
          ) : null}
          <div>
            <Button
              variant="outline"
              onClick={() => sessions.append({ date: nextDate(), activities: [blankActivity()] })}
            >
              <Plus aria-hidden />
              {t("patientPlans.editor.addSession")}
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
              locked={given}
              hint={given.length > 0 && !ended ? t("patientPlans.editor.assessmentsGiven") : undefined}
              error={arrayMessage(form.formState.errors.assessmentTemplateIds)}
            />
          )}
        />
      </fieldset>
      <PlanRomResults stored={stored} />
      <FormAlert message={failure} />
      <EditorFooter pending={pending} disabled={ended} onCancel={onDone} />
    </form>
  );
}

/** The plan's range-of-motion assessments the patient was given, with the range measured per joint. */
function PlanRomResults({ stored }: { stored: StoredPlan | undefined }) {
  const { t } = useTranslation();
  const given = (stored?.assessments ?? []).filter((a) => a.movements && a.movements.length > 0);
  if (given.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="plan-rom-results">
      <h2 id="plan-rom-results" className="font-semibold">
        {t("romResults.title")}
      </h2>
      {given.map((a) => (
        <div key={a.assessmentTemplateId} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">{a.name}</h3>
          <RomResults movements={a.movements ?? []} />
        </div>
      ))}
    </section>
  );
}
