import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../features/audit/audit-log-page";
import { parseAuditSearch } from "../../../features/audit/audit-search";

export const Route = createFileRoute("/_app/audit/")({
  validateSearch: parseAuditSearch,
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
