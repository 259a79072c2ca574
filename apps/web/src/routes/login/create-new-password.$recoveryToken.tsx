import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../features/auth/auth-card";
import { NewPasswordForm } from "../../features/auth/new-password-form";
import { PublicLayout } from "../../features/shell/public-layout";

export const Route = createFileRoute("/login/create-new-password/$recoveryToken")({
  component: CreateNewPasswordPage,
});

function CreateNewPasswordPage() {
  const { t } = useTranslation();
  const { recoveryToken } = Route.useParams();
  return (
    <PublicLayout>
      <AuthCard title={t("newPassword.title")}>
        <NewPasswordForm token={recoveryToken} />
      </AuthCard>
    </PublicLayout>
  );
}
