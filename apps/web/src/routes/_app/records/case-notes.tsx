import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CaseNotesView } from "../../../features/records/case-notes-view";
import { PatientPicker } from "../../../features/records/patient-picker";
import { patientSearchSchema } from "../../../features/records/records-search";
import { useSession } from "../../../features/session/session";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/records/case-notes")({
  validateSearch: patientSearchSchema,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const { patient } = Route.useSearch();
  const navigate = Route.useNavigate();
  const role = useSession().data?.user?.role;
  return (
    <>
      <PageHeader title={t("clinical.notesTitle")} />
      <PatientPicker
        value={patient}
        onChange={(next) => navigate({ search: { patient: next }, replace: true })}
      />
      {patient ? (
        <CaseNotesView key={patient} patientId={patient} canWrite={role === "ROLE_PROVIDER"} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("clinical.choosePatient")}</p>
      )}
    </>
  );
}
