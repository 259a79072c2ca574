import { Spinner } from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** Shown while the session (and so the role, and so the routes) is not known yet. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" data-testid="loading-screen">
      <Spinner label={t("common.loading")} className="[&_svg]:size-8" />
    </div>
  );
}
