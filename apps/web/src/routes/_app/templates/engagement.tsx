import { createFileRoute } from "@tanstack/react-router";
import { EngagementTemplatesPage } from "../../../features/engagement/templates-page";
import { parseListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/templates/engagement")({
  validateSearch: parseListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <EngagementTemplatesPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
