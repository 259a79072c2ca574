import { createFileRoute } from "@tanstack/react-router";
import { PlanTemplatesPage } from "../../../features/content-lists/template-lists";
import { listSearchSchema } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/templates/treatment-plans")({
  validateSearch: listSearchSchema,
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
