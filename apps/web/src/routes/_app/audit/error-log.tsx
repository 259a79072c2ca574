import { createFileRoute } from "@tanstack/react-router";
import { ErrorLogPage } from "../../../features/audit/error-log-page";
import { parseListSearch } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/audit/error-log")({
  validateSearch: parseListSearch,
  component: ErrorLog,
});

function ErrorLog() {
  const navigate = Route.useNavigate();
  return (
    <ErrorLogPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
