import { Button, EmptyState } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Spec §2's Unauthorized page: a signed-in user opened a page of another role. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<ShieldAlert />}
      titleAs="h1"
      title={t("unauthorized.title")}
      description={t("unauthorized.body")}
      action={
        <Button asChild>
          <Link to="/home">{t("notFound.goHome")}</Link>
        </Button>
      }
    />
  );
}
