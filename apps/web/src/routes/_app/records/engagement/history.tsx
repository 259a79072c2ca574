import { createFileRoute } from "@tanstack/react-router";
import { EngagementHistoryPage } from "../../../../features/engagement/history-page";
import { parseRecordListSearch } from "../../../../features/lists/list-search";

export const Route = createFileRoute("/_app/records/engagement/history")({
  validateSearch: parseRecordListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <EngagementHistoryPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
