import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SessionsCard } from "../../../features/profile/sessions-card";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/profile/security")({ component: Security });

/** Profile → Security: where the user is signed in. */
function Security() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("profile.title")} />
      <SessionsCard />
    </div>
  );
}
