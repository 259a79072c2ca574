import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PaymentCards } from "../../../features/billing/payment-cards";
import { ChangePasswordCard } from "../../../features/profile/change-password-form";
import { MyDataCard } from "../../../features/profile/my-data-card";
import { PersonalInformationCard } from "../../../features/profile/personal-information-form";
import { HealthPlansCard } from "../../../features/records/health-plans-card";
import { useSession } from "../../../features/session/use-session";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/profile/personal-information")({
  component: PersonalInformation,
});

function PersonalInformation() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("profile.title")} />
      <PersonalInformationCard />
      {user?.role === "ROLE_PATIENT" ? <HealthPlansCard patientId={user.userId} /> : null}
      {user?.role === "ROLE_PATIENT" ? <PaymentCards /> : null}
      <ChangePasswordCard />
      {user?.role === "ROLE_PATIENT" ? <MyDataCard /> : null}
    </div>
  );
}
