import { createFileRoute } from "@tanstack/react-router";
import { PatientsOverview } from "../../../features/reports/patients-overview";
import { ReportPage } from "../../../features/reports/report-frame";
import { parseReportSearch } from "../../../features/reports/report-search";

export const Route = createFileRoute("/_app/reports/")({
  validateSearch: parseReportSearch,
  component: Report,
});

function Report() {
  const navigate = Route.useNavigate();
  return (
    <ReportPage
      report={PatientsOverview}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
