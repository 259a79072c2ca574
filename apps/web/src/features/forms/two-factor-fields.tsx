import { FormField, Input } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The user's password again, asked before a change to how they sign in. */
export function CurrentPasswordField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t("twoFactor.password")} hint={hint}>
      <Input
        type="password"
        name="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** The 6-digit code the authenticator app shows now. */
export function AuthenticatorCodeField({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label}>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
