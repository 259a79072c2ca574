import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { usePatientOptions } from "../calendar/people-options";
import { SelectField, type SelectFieldProps } from "../forms/select-field";

/**
 * A select of the patients the caller may see: a provider's roster, an admin's organisation. A form's field asks
 * to choose one; a filter passes `emptyLabel` ("All patients") for no patient.
 */
export function PatientSelect(props: Omit<SelectFieldProps<string>, "options">) {
  const { t } = useTranslation();
  const patients = usePatientOptions();
  return <SelectField placeholder={t("clinical.pickPatient")} {...props} options={patients} />;
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
      <PatientSelect value={value} onChange={(id) => onChange(id || undefined)} />
    </FormField>
  );
}
