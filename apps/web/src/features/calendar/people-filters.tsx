import { useTranslation } from "react-i18next";
import { FilterSelect } from "../lists/filter-select";
import { type PersonOption, usePatientOptions, useProviderOptions } from "./people-options";

interface FilterProps {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

function PersonFilter({
  people,
  ...props
}: FilterProps & { label: string; allLabel: string; people: PersonOption[] }) {
  return <FilterSelect {...props} options={people} className="w-auto min-w-56" />;
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
