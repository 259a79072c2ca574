import { EmptyState } from "@fizio/ui";
import { useLocation } from "@tanstack/react-router";
import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { titleKeys } from "../../lib/page-title";
import { PageHeader } from "./page-header";

/** An area of the product that has its route but not its screens yet: said plainly, with no made-up data. */
export function ComingSoon() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = titleKeys(pathname)
    .map((key) => t(`nav.${key}`))
    .join(" · ");
  return (
    <>
      <PageHeader title={page} />
      <EmptyState
        icon={<Construction />}
        title={t("comingSoon.title")}
        description={t("comingSoon.body", { page })}
      />
    </>
  );
}
