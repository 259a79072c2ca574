import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";

const ALL = "all";

/** Admins look at every provider of the organisation or at one (spec: a provider filter). */
export function ProviderFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (providerId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const providers = trpc.users.list.useQuery({ role: "ROLE_PROVIDER", page: 1, pageSize: 100 });
  const options = [
    { value: ALL, label: t("calendar.allProviders") },
    ...(providers.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` })),
  ];
  return (
    <FormField label={t("calendar.provider")} className="min-w-56">
      <SelectField
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? undefined : v)}
        options={options}
      />
    </FormField>
  );
}
