import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";

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
}: FilterProps & {
  label: string;
  allLabel: string;
  people: { id: string; firstName: string; lastName: string }[];
}) {
  const options = [
    { value: ALL, label: allLabel },
    ...people.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` })),
  ];
  return (
    <FormField label={label} className="min-w-56">
      <SelectField
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? undefined : v)}
        options={options}
      />
    </FormField>
  );
}

/** Admins look at every provider of the organisation or at one. */
export function ProviderFilter(props: FilterProps) {
  const { t } = useTranslation();
  const providers = trpc.users.list.useQuery({ role: "ROLE_PROVIDER", page: 1, pageSize: 100 });
  return (
    <PersonFilter
      {...props}
      label={t("calendar.provider")}
      allLabel={t("calendar.allProviders")}
      people={providers.data?.items ?? []}
    />
  );
}

/** Staff narrow to one patient: a provider's roster, an admin's organisation. */
export function PatientFilter(props: FilterProps) {
  const { t } = useTranslation();
  const patients = trpc.patients.list.useQuery({ page: 1, pageSize: 100 });
  return (
    <PersonFilter
      {...props}
      label={t("calendar.patient")}
      allLabel={t("calendar.allPatients")}
      people={patients.data?.items ?? []}
    />
  );
}
