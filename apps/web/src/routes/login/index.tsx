import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../features/auth/auth-card";
import { LoginForm } from "../../features/auth/login-form";
import { PublicLayout } from "../../features/shell/public-layout";
import { preloadTexts } from "../../lib/i18n";
import { enumParam, searchParams, textParam } from "../../lib/search-params";

export const Route = createFileRoute("/login/")({
  validateSearch: searchParams({ redirect: textParam(), signedOut: enumParam(["idle"]) }),
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation();
  const { redirect, signedOut } = Route.useSearch();
  // The page paints with first-paint texts; the page after signing in will want the rest.
  useEffect(preloadTexts, []);
  return (
    <PublicLayout>
      <AuthCard title={t("login.title")} description={t("login.subtitle")}>
        {signedOut === "idle" ? (
          <p role="status" className="rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
            {t("login.signedOutIdle")}
          </p>
        ) : null}
        <LoginForm redirectTo={redirect} />
      </AuthCard>
    </PublicLayout>
  );
}
