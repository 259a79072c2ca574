import { createFileRoute } from "@tanstack/react-router";
import { RecordingsReport } from "../../../features/reports/recordings-report";
import { ReportPage } from "../../../features/reports/report-frame";
import { parseReportSearch } from "../../../features/reports/report-search";

export const Route = createFileRoute("/_app/reports/recordings")({
  validateSearch: parseReportSearch,
  component: Report,
});

function Report() {
  const navigate = Route.useNavigate();
  return (
    <ReportPage
      report={RecordingsReport}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
