import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { SelectField } from "../forms/select-field";
import { type PersonOption, usePatientOptions, useProviderOptions } from "./people-options";

const ALL = "all";

interface FilterProps {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

function PersonFilter({
  label,
  allLabel,
  people,
  value,
  onChange,
}: FilterProps & { label: string; allLabel: string; people: PersonOption[] }) {
  return (
    <FormField label={label} className="min-w-56">
      <SelectField
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? undefined : v)}
        options={[{ value: ALL, label: allLabel }, ...people]}
      />
    </FormField>
  );
}

/** Admins look at every provider of the organisation or at one. */
export function ProviderFilter(props: FilterProps) {
  const { t } = useTranslation();
  const providers = useProviderOptions();
  return (
    <PersonFilter
      {...props}
      label={t("calendar.provider")}
      allLabel={t("calendar.allProviders")}
      people={providers}
    />
  );
}

/** Staff narrow to one patient: a provider's roster, an admin's organisation. */
export function PatientFilter(props: FilterProps) {
  const { t } = useTranslation();
  const patients = usePatientOptions();
  return (
    <PersonFilter
      {...props}
      label={t("calendar.patient")}
      allLabel={t("calendar.allPatients")}
      people={patients}
    />
  );
}
