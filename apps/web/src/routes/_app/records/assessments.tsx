import { createFileRoute } from "@tanstack/react-router";
import { AssessmentRecordsPage } from "../../../features/content-lists/record-lists";
import { parseRecordListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/records/assessments")({
  validateSearch: parseRecordListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <AssessmentRecordsPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
