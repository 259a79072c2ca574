import { createFileRoute } from "@tanstack/react-router";
import { PlanTemplatesPage } from "../../../features/content-lists/template-lists";
import { parseListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/templates/treatment-plans")({
  validateSearch: parseListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <PlanTemplatesPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
