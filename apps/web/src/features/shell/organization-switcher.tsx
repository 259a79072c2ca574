import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";

/**
 * Staff assigned to several organisations work in one at a time: this changes which one, for this session. Every
 * cached answer belonged to the previous organisation, so all of them are fetched again.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const organizations = trpc.auth.organizations.useQuery();
  const change = trpc.auth.switchOrganization.useMutation({
    onSuccess: async ({ activeId }) => {
      const name = organizations.data?.items.find((o) => o.id === activeId)?.name ?? "";
      await utils.invalidate();
      notify.success(t("organizationSettings.switched", { name }));
    },
    onError: (error) => notify.error(error.message),
  });
  const items = organizations.data?.items ?? [];
  const active = items.find((o) => o.id === organizations.data?.activeId);
  if (items.length < 2) return null;
  return (
    // Narrow on a phone, beside the inbox and the account menu: a long name is cut short, the list shows it whole.
    <div className="w-24 min-w-0 sm:w-48">
      <SelectField
        // The name holds the visible text too (WCAG 2.5.3, label in name).
        aria-label={`${t("organizationSettings.switchOrganization")}: ${active?.name ?? ""}`}
        value={organizations.data?.activeId}
        disabled={change.isPending}
        onChange={(organizationId) => change.mutate({ organizationId })}
        options={items.map((o) => ({ value: o.id, label: o.name }))}
      />
    </div>
  );
}

/** The organisation's logo from its settings, beside the product's mark. */
export function OrganizationLogo() {
  const { t } = useTranslation();
  const settings = trpc.settings.current.useQuery();
  const organizations = trpc.auth.organizations.useQuery();
  const name = organizations.data?.items.find((o) => o.id === organizations.data?.activeId)?.name ?? "";
  if (!settings.data?.logoUrl) return null;
  return (
    <img
      src={settings.data.logoUrl}
      alt={t("organizationSettings.logoAlt", { name })}
      className="hidden h-8 max-w-24 object-contain sm:block"
      data-testid="organization-logo"
    />
  );
}
