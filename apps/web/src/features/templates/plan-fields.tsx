import { careStageSchema } from "@fizio/domain";
import { FormField, Input, Textarea } from "@fizio/ui";
import type { ReactNode } from "react";
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField } from "../forms/select-field";
import { emptyAsNull } from "./form-values";

type PlanField = "name" | "stage" | "longTermGoal" | "diagnosis";

/**
 * The describing fields a plan template and a patient's plan share: name and care stage, then the long-term
 * goal and diagnosis, with `children` (a template's description) between. A template may have no stage; a
 * plan always has one, so `stageRequired` drops the "No stage" choice.
 */
export function PlanFields<T extends FieldValues, Out>({
  form,
  stageRequired,
  children,
}: {
  form: UseFormReturn<T, unknown, Out>;
  stageRequired?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // Both forms have these four fields, but their types differ (the stage is nullable on a template only).
  const path = (field: PlanField) => field as Path<T>;
  const error = (field: PlanField) => (get(form.formState.errors, field) as FieldError | undefined)?.message;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t("templateEditor.name")} error={error("name")}>
          <Input {...form.register(path("name"))} />
        </FormField>
        <FormField label={t("templateEditor.plan.stage")} error={error("stage")}>
          <SelectField
            value={(form.watch(path("stage")) as string | null) ?? undefined}
            emptyLabel={stageRequired ? undefined : t("templateEditor.plan.noStage")}
            options={careStageSchema.options.map((stage) => ({
              value: stage,
              label: t(`careStage.${stage}`),
            }))}
            onChange={(next) =>
              form.setValue(path("stage"), emptyAsNull(next) as PathValue<T, Path<T>>, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
          />
        </FormField>
      </div>
      {children}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t("templateEditor.plan.longTermGoal")} error={error("longTermGoal")}>
          <Textarea className="min-h-16" {...form.register(path("longTermGoal"))} />
        </FormField>
        <FormField label={t("templateEditor.plan.diagnosis")} error={error("diagnosis")}>
          <Textarea className="min-h-16" {...form.register(path("diagnosis"))} />
        </FormField>
      </div>
    </>
  );
}
