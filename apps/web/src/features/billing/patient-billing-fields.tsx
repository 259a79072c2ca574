import { FormField, Label, Switch } from "@fizio/ui";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField } from "../forms/select-field";

type PaymentChoice = "CASH" | "INSURANCE" | "NONE";
type BillingValues = { paymentType?: "CASH" | "INSURANCE" | null; enforcePaymentMethod?: boolean };

/**
 * How the patient pays, and whether they must keep a card on file before using Fizio (the payment gate): the
 * billing settings dialog and the new-patient form share these two fields.
 */
export function PatientBillingFields<T extends FieldValues & BillingValues>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const { t } = useTranslation();
  const paymentTypeField = "paymentType" as Path<T>;
  const enforceField = "enforcePaymentMethod" as Path<T>;
  const paymentType = form.watch(paymentTypeField) as BillingValues["paymentType"];
  const enforce = Boolean(form.watch(enforceField));
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>).paymentType;
  return (
    <>
      <FormField label={t("billing.paymentType")} error={error?.message}>
        <SelectField<PaymentChoice>
          value={paymentType ?? "NONE"}
          onChange={(next) =>
            form.setValue(paymentTypeField, (next === "NONE" ? null : next) as PathValue<T, Path<T>>)
          }
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
          onCheckedChange={(checked) => form.setValue(enforceField, checked as PathValue<T, Path<T>>)}
          aria-describedby="enforce-payment-method-hint"
        />
        <div>
          <Label htmlFor="enforce-payment-method">{t("billing.settings.enforce")}</Label>
          <p id="enforce-payment-method-hint" className="text-xs text-muted-foreground">
            {t("billing.settings.enforceHint")}
          </p>
        </div>
      </div>
    </>
  );
}
