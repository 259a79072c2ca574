import { assignAssessmentInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";

/** The API pages at most 100 rows; the form offers the first 100 assessment templates by name. */
const CHOICES = { page: 1, pageSize: 100 } as const;
/** An empty name means "the template's" (the API's default), which the schema reads as not given. */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/**
 * Gives the patient an assessment outside any plan (spec §4). Names are unique per patient (FIZ047) and the
 * intake's is reserved (FIZ046), so the intake is not offered.
 */
export function AssignAssessmentForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const choices = trpc.templates.assessments.list.useQuery(CHOICES);
  const form = useFizForm(assignAssessmentInput, { defaultValues: { patientId, templateId: "" } });
  const { failure, onError, submit } = useServerFailure(form);
  const assign = trpc.assessments.assign.useMutation({
    onSuccess: async () => {
      notify.success(t("patientPlans.assign.done"));
      form.reset();
      await utils.assessments.invalidate();
    },
    onError,
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-md border p-4"
      onSubmit={submit((values) => {
        assign.mutate(values);
      })}
    >
      <h3 className="font-semibold">{t("patientPlans.assign.title")}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t("patientPlans.assign.template")} error={errors.templateId?.message}>
          <SelectField
            value={form.watch("templateId")}
            placeholder={choices.isPending ? t("common.loading") : t("patientPlans.assign.choose")}
            options={(choices.data?.items ?? [])
              .filter((a) => !a.isIntake)
              .map((a) => ({ value: a.id, label: a.name }))}
            onChange={(next) =>
              form.setValue("templateId", next, { shouldValidate: form.formState.isSubmitted })
            }
          />
        </FormField>
        <FormField
          label={`${t("patientPlans.assign.name")} (${t("common.optional")})`}
          hint={t("patientPlans.assign.nameHint")}
          error={errors.name?.message}
        >
          <Input {...form.register("name", { setValueAs: emptyAsUnset })} />
        </FormField>
      </div>
      <FormAlert message={failure} />
      <div>
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? t("common.saving") : t("patientPlans.assign.submit")}
        </Button>
      </div>
    </form>
  );
}
