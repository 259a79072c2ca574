import { Button, EmptyState } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchX />}
      titleAs="h1"
      title={t("notFound.title")}
      description={t("notFound.body")}
      action={
        <Button asChild>
          <Link to="/home">{t("notFound.goHome")}</Link>
        </Button>
      }
    />
  );
}
