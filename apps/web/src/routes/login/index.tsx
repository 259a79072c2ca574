import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../features/auth/auth-card";
import { LoginForm } from "../../features/auth/login-form";
import { PublicLayout } from "../../features/shell/public-layout";
import { searchParams, textParam } from "../../lib/search-params";

export const Route = createFileRoute("/login/")({
  validateSearch: searchParams({ redirect: textParam() }),
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation();
  const { redirect } = Route.useSearch();
  return (
    <PublicLayout>
      <AuthCard title={t("login.title")} description={t("login.subtitle")}>
        <LoginForm redirectTo={redirect} />
      </AuthCard>
    </PublicLayout>
  );
}
