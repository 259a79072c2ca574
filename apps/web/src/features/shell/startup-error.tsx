import { useTranslation } from "react-i18next";

/** Spec §7: without /config.json the app does not start; this is all that renders then. */
export function StartupError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-xl font-semibold">{t("fatal.startupTitle")}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t("fatal.startupBody")}</p>
    </div>
  );
}
