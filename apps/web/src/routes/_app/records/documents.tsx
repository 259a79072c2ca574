import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DocumentsView } from "../../../features/records/documents-view";
import { PatientRecordPage } from "../../../features/records/patient-record-page";
import { parsePatientSearch } from "../../../features/records/records-search";

export const Route = createFileRoute("/_app/records/documents")({
  validateSearch: parsePatientSearch,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  return (
    <PatientRecordPage
      title={t("clinical.documentsTitle")}
      patient={Route.useSearch().patient}
      onPatientChange={(patient) => navigate({ search: { patient }, replace: true })}
    >
      {(id) => <DocumentsView key={id} patientId={id} />}
    </PatientRecordPage>
  );
}
