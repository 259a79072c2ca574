import { cn } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";

/**
 * Staff assigned to several organisations work in one at a time: this changes which one, for this session. Every
 * cached answer belonged to the previous organisation, so all of them are fetched again. The header holds it on a
 * desktop; a phone's header has no room for a whole name, so there it heads the menu drawer.
 */
export function OrganizationSwitcher({ className }: { className?: string }) {
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
    <div className={cn("min-w-0", className)}>
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
