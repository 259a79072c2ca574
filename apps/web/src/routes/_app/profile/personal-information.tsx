import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ChangePasswordCard } from "../../../features/profile/change-password-form";
import { PersonalInformationCard } from "../../../features/profile/personal-information-form";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/profile/personal-information")({
  component: PersonalInformation,
});

function PersonalInformation() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("profile.title")} />
      <PersonalInformationCard />
      <ChangePasswordCard />
    </div>
  );
}
