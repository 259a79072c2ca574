import { createFileRoute } from "@tanstack/react-router";
import { AssessmentTemplatesPage } from "../../../features/content-lists/template-lists";
import { parseListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/templates/assessments")({
  validateSearch: parseListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <AssessmentTemplatesPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
