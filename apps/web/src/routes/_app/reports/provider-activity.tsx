import { createFileRoute } from "@tanstack/react-router";
import { ProviderActivity } from "../../../features/reports/provider-activity";
import { ReportPage } from "../../../features/reports/report-frame";
import { parseReportSearch } from "../../../features/reports/report-search";

export const Route = createFileRoute("/_app/reports/provider-activity")({
  validateSearch: parseReportSearch,
  component: Report,
});

function Report() {
  const navigate = Route.useNavigate();
  return (
    <ReportPage
      report={ProviderActivity}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
