import { createFileRoute } from "@tanstack/react-router";
import { SessionTemplatesPage } from "../../../features/content-lists/template-lists";
import { parseListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/templates/sessions")({
  validateSearch: parseListSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <SessionTemplatesPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
