import { FormField } from "@fizio/ui";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { usePatientOptions } from "../calendar/people-options";
import { NativeSelect } from "../forms/native-select";

/** A select of the patients the caller may see: a provider's roster, an admin's organisation. */
export function PatientSelect(props: ComponentProps<typeof NativeSelect>) {
  const patients = usePatientOptions();
  return (
    <NativeSelect {...props}>
      <option value="">—</option>
      {patients.map((p) => (
        <option key={p.value} value={p.value}>
          {p.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Which patient's record a staff page shows. */
export function PatientPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t("clinical.patient")} className="w-full max-w-sm">
      <PatientSelect value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)} />
    </FormField>
  );
}
