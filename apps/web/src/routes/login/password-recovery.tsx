import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../features/auth/auth-card";
import { RecoveryForm } from "../../features/auth/recovery-form";
import { PublicLayout } from "../../features/shell/public-layout";

export const Route = createFileRoute("/login/password-recovery")({ component: PasswordRecoveryPage });

function PasswordRecoveryPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <AuthCard title={t("recovery.title")} description={t("recovery.description")}>
        <RecoveryForm />
        <Link
          to="/login"
          className="mt-4 inline-flex items-center gap-1 text-sm text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t("recovery.backToLogin")}
        </Link>
      </AuthCard>
    </PublicLayout>
  );
}
