import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../features/audit/audit-log-page";
import { listSearchSchema } from "../../../features/lists/list-search";

export const Route = createFileRoute("/_app/audit/")({
  validateSearch: listSearchSchema,
  component: AuditLog,
});

function AuditLog() {
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
