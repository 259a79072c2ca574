import { createFileRoute } from "@tanstack/react-router";
import { ProgramsPage } from "../../../../features/engagement/programs-page";
import { parseRecordListSearch } from "../../../../features/lists/list-search";

export const Route = createFileRoute("/_app/records/engagement/program")({
  validateSearch: parseRecordListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <ProgramsPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
