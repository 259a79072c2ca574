import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ServicesView } from "../../../features/billing/services-view";
import { PatientRecordPage } from "../../../features/records/patient-record-page";
import { parsePatientSearch } from "../../../features/records/records-search";

export const Route = createFileRoute("/_app/records/services")({
  validateSearch: parsePatientSearch,
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  const { patient } = Route.useSearch();
  return (
    <PatientRecordPage
      title={t("billing.servicesPageTitle")}
      description={t("billing.servicesPageDescription")}
      patient={patient}
      onPatientChange={(next) => navigate({ search: { patient: next }, replace: true })}
    >
      {(id) => <ServicesView key={id} patientId={id} />}
    </PatientRecordPage>
  );
}
