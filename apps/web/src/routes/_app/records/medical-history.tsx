import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { MedicalHistoryView } from "../../../features/records/medical-history-view";
import { PatientRecordPage } from "../../../features/records/patient-record-page";
import { parsePatientSearch } from "../../../features/records/records-search";

export const Route = createFileRoute("/_app/records/medical-history")({
  validateSearch: parsePatientSearch,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  return (
    <PatientRecordPage
      title={t("clinical.historyTitle")}
      description={t("clinical.historyDescription")}
      patient={Route.useSearch().patient}
      onPatientChange={(patient) => navigate({ search: { patient }, replace: true })}
    >
      {(id) => <MedicalHistoryView key={id} patientId={id} staff />}
    </PatientRecordPage>
  );
}
