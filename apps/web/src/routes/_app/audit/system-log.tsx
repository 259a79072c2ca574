import { createFileRoute } from "@tanstack/react-router";
import { SystemLogPage } from "../../../features/audit/system-log-page";
import { parseSystemLogSearch } from "../../../features/audit/system-log-search";

export const Route = createFileRoute("/_app/audit/system-log")({
  validateSearch: parseSystemLogSearch,
  component: SystemLog,
});

function SystemLog() {
  const navigate = Route.useNavigate();
  return (
    <SystemLogPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
