import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NotificationPreferencesCard } from "../../../features/profile/notification-preferences";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/profile/notifications")({ component: Notifications });

function Notifications() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("profile.title")} />
      <NotificationPreferencesCard />
    </div>
  );
}
