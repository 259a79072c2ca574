import { createFileRoute } from "@tanstack/react-router";
import { RemoteMonitoringReport } from "../../../features/reports/remote-monitoring";
import { ReportPage } from "../../../features/reports/report-frame";
import { parseReportSearch } from "../../../features/reports/report-search";

export const Route = createFileRoute("/_app/reports/remote-monitoring")({
  validateSearch: parseReportSearch,
  component: Report,
});

function Report() {
  const navigate = Route.useNavigate();
  return (
    <ReportPage
      report={RemoteMonitoringReport}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
