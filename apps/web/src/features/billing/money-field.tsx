import { FormField, Input } from "@fizio/ui";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";

/** A dollar amount typed as text ("45" or "45.50"); the form's schema turns it into cents. */
export function MoneyField({
  label,
  error,
  ...input
}: { label: string; error?: string } & ComponentProps<typeof Input>) {
  const { t } = useTranslation();
  return (
    <FormField label={label} error={error} hint={t("billing.amountHint")}>
      <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...input} />
    </FormField>
  );
}
