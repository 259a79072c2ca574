import { Button } from "@fizio/ui";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../features/auth/auth-card";
import { PublicLayout } from "../features/shell/public-layout";
import { TermsDocument } from "../features/terms/terms-document";

/** The login-page variant of the terms: to read, with nothing to agree to. */
export const Route = createFileRoute("/terms-of-service")({ component: TermsOfServicePage });

function TermsOfServicePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout wide>
      <AuthCard title={t("terms.title")}>
        <TermsDocument />
        <Button asChild variant="outline" className="mt-6">
          <Link to="/login">{t("terms.backToLogin")}</Link>
        </Button>
      </AuthCard>
    </PublicLayout>
  );
}
