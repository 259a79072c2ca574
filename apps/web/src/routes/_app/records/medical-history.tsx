import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { MedicalHistoryView } from "../../../features/records/medical-history-view";
import { PatientPicker } from "../../../features/records/patient-picker";
import { patientSearchSchema } from "../../../features/records/records-search";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/records/medical-history")({
  validateSearch: patientSearchSchema,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const { patient } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title={t("clinical.historyTitle")} description={t("clinical.historyDescription")} />
      <PatientPicker
        value={patient}
        onChange={(next) => navigate({ search: { patient: next }, replace: true })}
      />
      {patient ? (
        <MedicalHistoryView key={patient} patientId={patient} staff />
      ) : (
        <p className="text-sm text-muted-foreground">{t("clinical.choosePatient")}</p>
      )}
    </>
  );
}
