import { patientBillingSettingsInput } from "@fizio/domain";
import { FormField, Label, Switch } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";

type PaymentChoice = "CASH" | "INSURANCE" | "NONE";

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
  const paymentType = form.watch("paymentType");
  const enforce = form.watch("enforcePaymentMethod");
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit((values) => save.mutate(values))}>
      <FormField label={t("billing.paymentType")} error={form.formState.errors.paymentType?.message}>
        <SelectField<PaymentChoice>
          value={paymentType ?? "NONE"}
          onChange={(next) => form.setValue("paymentType", next === "NONE" ? null : next)}
          options={(["CASH", "INSURANCE", "NONE"] as const).map((v) => ({
            value: v,
            label: t(`billing.paymentTypes.${v}`),
          }))}
        />
      </FormField>
      <div className="flex items-start gap-3">
        <Switch
          id="enforce-payment-method"
          checked={enforce}
          onCheckedChange={(checked) => form.setValue("enforcePaymentMethod", checked)}
          aria-describedby="enforce-payment-method-hint"
        />
        <div>
          <Label htmlFor="enforce-payment-method">{t("billing.settings.enforce")}</Label>
          <p id="enforce-payment-method-hint" className="text-xs text-muted-foreground">
            {t("billing.settings.enforceHint")}
          </p>
        </div>
      </div>
      <FormAlert message={failure} />
      <EditorFooter pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
