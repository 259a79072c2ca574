import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CaseNotesView } from "../../../features/records/case-notes-view";
import { PatientRecordPage } from "../../../features/records/patient-record-page";
import { parsePatientSearch } from "../../../features/records/records-search";
import { useSession } from "../../../features/session/use-session";

export const Route = createFileRoute("/_app/records/case-notes")({
  validateSearch: parsePatientSearch,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  const role = useSession().data?.user?.role;
  return (
    <PatientRecordPage
      title={t("clinical.notesTitle")}
      patient={Route.useSearch().patient}
      onPatientChange={(patient) => navigate({ search: { patient }, replace: true })}
    >
      {(id) => <CaseNotesView key={id} patientId={id} canWrite={role === "ROLE_PROVIDER"} />}
    </PatientRecordPage>
  );
}
