import { EmptyState } from "@fizio/ui";
import { LayoutDashboard } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The dashboard fills in once plans, sessions and recordings exist; until then it says what will come. */
export function PatientHome() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="patient-dashboard">
      <h2 id="patient-dashboard" className="sr-only">
        {t("home.patientTitle")}
      </h2>
      <EmptyState
        icon={<LayoutDashboard />}
        title={t("home.patientEmpty")}
        description={t("home.patientEmptyBody")}
      />
    </section>
  );
}
