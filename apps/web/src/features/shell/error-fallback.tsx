import { Button } from "@fizio/ui";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { reportClientError } from "../../lib/report-client-error";
import { cachedSessionUser } from "../session/session";

/** Spec §8: a rendering error shows 'Something went wrong'; the error, role and path are logged. */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const role = cachedSessionUser()?.role;
  useEffect(() => {
    console.error(error);
    reportClientError({
      kind: "RENDER",
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
      path: window.location.pathname,
      role,
    });
  }, [error, role]);
  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <TriangleAlert className="size-10 text-destructive" aria-hidden />
      <h1 className="text-xl font-semibold">{t("fatal.title")}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t("fatal.body")}</p>
      <Button onClick={() => window.location.reload()}>{t("common.reload")}</Button>
    </div>
  );
}
