import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../features/auth/auth-card";
import { RegistrationForm } from "../features/auth/registration-form";
import { PublicLayout } from "../features/shell/public-layout";

export const Route = createFileRoute("/self-registration")({ component: SelfRegistrationPage });

function SelfRegistrationPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout wide>
      <AuthCard title={t("register.title")} description={t("register.subtitle")}>
        <RegistrationForm />
      </AuthCard>
    </PublicLayout>
  );
}
