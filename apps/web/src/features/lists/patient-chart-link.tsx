import { cn } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A link to a patient's chart, named for screen readers by the patient; shows `children` or "Chart". */
export function PatientChartLink({
  patientId,
  name,
  children,
  className,
}: {
  patientId: string;
  name: string;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/records/patients/$patientId"
      params={{ patientId }}
      aria-label={t("patientChart.openFor", { name })}
      className={cn(
        "font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children ?? t("patientChart.open")}
    </Link>
  );
}
