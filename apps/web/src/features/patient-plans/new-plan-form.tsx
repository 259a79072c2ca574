import { createPlanFromTemplateInput, todayIn } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";

// The API pages at most 100 rows; a clinic choosing among more plan templates would need a search here.
const TEMPLATE_CHOICES = 100;
const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** A plan generated from one of the organisation's plan templates, dated from a start day (spec §4). */
export function NewPlanForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const templates = trpc.templates.plans.list.useQuery({ page: 1, pageSize: TEMPLATE_CHOICES });
  const [templateId, setTemplateId] = useState<string | undefined>();
  // Radix Select keeps showing the last choice when its value goes back to undefined; a new key clears it.
  const [created, setCreated] = useState(0);
  const [startDate, setStartDate] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = trpc.plans.create.useMutation();
  const save = async () => {
    setErrors({});
    setFailure(null);
    const parsed = createPlanFromTemplateInput.safeParse({
      creationMode: "GENERATION",
      patientId,
      templateId,
      startDate,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            fizMessage(issue.message, currentLocale()),
          ]),
        ),
      );
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      notify.success(t("patientPlans.created"));
      setTemplateId(undefined);
      setCreated((count) => count + 1);
      await utils.plans.list.invalidate({ patientId });
    } catch (error) {
      const refused = apiFailure(error);
      setFailure(fizMessage(refused.fiz, currentLocale(), refused.params));
    }
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-md border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 className="font-semibold">{t("patientPlans.newFromTemplate")}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t("patientPlans.template")} error={errors.templateId}>
          <SelectField
            key={created}
            value={templateId}
            onChange={setTemplateId}
            placeholder={templates.isPending ? t("common.loading") : t("patientPlans.chooseTemplate")}
            options={(templates.data?.items ?? []).map((template) => ({
              value: template.id,
              label: template.name,
            }))}
          />
        </FormField>
        <FormField label={t("patientPlans.startDate")} error={errors.startDate}>
          <Input type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
        </FormField>
      </div>
      <FormAlert message={failure} />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("common.saving") : t("patientPlans.create")}
        </Button>
      </div>
    </form>
  );
}
