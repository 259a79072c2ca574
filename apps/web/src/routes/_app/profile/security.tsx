import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SessionsCard } from "../../../features/profile/sessions-card";
import { TwoFactorCard } from "../../../features/profile/two-factor-card";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/profile/security")({ component: Security });

/** Profile → Security: how the user signs in (the second factor) and where they are signed in. */
function Security() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("profile.title")} />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
