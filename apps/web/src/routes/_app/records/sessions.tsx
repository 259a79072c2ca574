import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PatientRecordPage } from "../../../features/records/patient-record-page";
import { SessionRecordsView } from "../../../features/records/session-records-view";
import { parseSessionsSearch } from "../../../features/records/sessions-search";

export const Route = createFileRoute("/_app/records/sessions")({
  validateSearch: parseSessionsSearch,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  const { patient, ...filters } = Route.useSearch();
  return (
    <PatientRecordPage
      title={t("clinical.sessionsTitle")}
      description={t("clinical.sessionsDescription")}
      patient={patient}
      onPatientChange={(next) => navigate({ search: { patient: next }, replace: true })}
    >
      {(id) => (
        <SessionRecordsView
          key={id}
          patientId={id}
          search={filters}
          onSearchChange={(next) => navigate({ search: { patient: id, ...next } })}
        />
      )}
    </PatientRecordPage>
  );
}
