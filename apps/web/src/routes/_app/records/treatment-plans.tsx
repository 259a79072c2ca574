import { createFileRoute } from "@tanstack/react-router";
import { PlanRecordsPage } from "../../../features/content-lists/record-lists";
import { parseRecordListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/records/treatment-plans")({
  validateSearch: parseRecordListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <PlanRecordsPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
