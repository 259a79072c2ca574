import { patientBillingSettingsInput } from "@fizio/domain";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";
import { PatientBillingFields } from "./patient-billing-fields";

/** How the patient pays, and whether they must keep a card on file before using Fizio (the payment gate). */
export function BillingSettingsDialog({
  open,
  patientId,
  current,
  onClose,
}: {
  open: boolean;
  patientId: string;
  current: { paymentType: "CASH" | "INSURANCE" | null; enforcePaymentMethod: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} title={t("billing.settings.title")} onClose={onClose}>
      <SettingsForm patientId={patientId} current={current} onDone={onClose} />
    </FormDialog>
  );
}

function SettingsForm({
  patientId,
  current,
  onDone,
}: {
  patientId: string;
  current: { paymentType: "CASH" | "INSURANCE" | null; enforcePaymentMethod: boolean };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(patientBillingSettingsInput, { defaultValues: { patientId, ...current } });
  const { failure, onError, submit } = useServerFailure(form);
  const save = trpc.billing.patientSettings.update.useMutation({
    onSuccess: async () => {
      notify.success(t("billing.settings.saved"));
      await utils.billing.invalidate();
      onDone();
    },
    onError,
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit((values) => save.mutate(values))}>
      <PatientBillingFields form={form} />
      <FormAlert message={failure} />
      <EditorFooter pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
