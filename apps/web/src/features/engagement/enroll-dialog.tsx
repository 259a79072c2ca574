import { enrollProgramInput, todayIn, US_TIME_ZONES } from "@fizio/domain";
import { Button, DialogFooter, FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { PatientSelect } from "../lists/patient-picker";
import { FormDialog } from "../shell/form-dialog";

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The US zones by the names patients know, and the provider's own when it is another. */
const ZONES = [
  ...US_TIME_ZONES.map((z) => ({ id: z.id as string, label: `${z.label} (${z.id})` })),
  ...(US_TIME_ZONES.some((z) => z.id === browserZone) ? [] : [{ id: browserZone, label: browserZone }]),
];

/** Enrols a roster patient in a program made from a template, from a start date in the patient's zone. */
export function EnrollDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} title={t("engagement.enroll")} onClose={onClose}>
      <EnrollForm onDone={onClose} />
    </FormDialog>
  );
}

function EnrollForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const templates = trpc.engagement.templates.list.useQuery({ page: 1, pageSize: 100 });
  const form = useFizForm(enrollProgramInput, {
    defaultValues: {
      patientId: "",
      templateId: "",
      name: "",
      startDate: todayIn(browserZone),
      timeZone: browserZone,
    },
  });
  const { failure, onError, submit } = useServerFailure(form);
  const enroll = trpc.engagement.programs.enroll.useMutation({
    onSuccess: async () => {
      notify.success(t("engagement.enrolled"));
      await utils.engagement.invalidate();
      await utils.messages.invalidate();
      onDone();
    },
    onError,
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        enroll.mutate(values);
      })}
    >
      <FormField label={t("engagement.patient")} error={errors.patientId?.message}>
        <PatientSelect
          value={form.watch("patientId")}
          onChange={(next) =>
            form.setValue("patientId", next, { shouldValidate: form.formState.isSubmitted })
          }
        />
      </FormField>
      <FormField label={t("engagement.template")} error={errors.templateId?.message}>
        <SelectField
          value={form.watch("templateId")}
          placeholder={t("engagement.chooseTemplate")}
          options={(templates.data?.items ?? []).map((x) => ({ value: x.id, label: x.name }))}
          onChange={(next) => {
            form.setValue("templateId", next, { shouldValidate: form.formState.isSubmitted });
            const chosen = templates.data?.items.find((x) => x.id === next);
            if (chosen && !form.getValues("name")) form.setValue("name", chosen.name);
          }}
        />
      </FormField>
      <FormField label={t("engagement.programName")} error={errors.name?.message}>
        <Input {...form.register("name")} />
      </FormField>
      <FormField label={t("engagement.startDate")} error={errors.startDate?.message}>
        <Input type="date" {...form.register("startDate")} />
      </FormField>
      <FormField
        label={t("engagement.timeZone")}
        hint={t("engagement.sendsAt")}
        error={errors.timeZone?.message}
      >
        <SelectField
          value={form.watch("timeZone")}
          options={ZONES.map((z) => ({ value: z.id, label: z.label }))}
          onChange={(next) => form.setValue("timeZone", next, { shouldValidate: form.formState.isSubmitted })}
        />
      </FormField>
      <FormAlert message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={enroll.isPending}>
          {t("engagement.enroll")}
        </Button>
      </DialogFooter>
    </form>
  );
}
