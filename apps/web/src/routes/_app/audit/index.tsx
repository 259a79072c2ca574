import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../features/audit/audit-log-page";
import { auditSearchSchema } from "../../../features/audit/audit-search";

export const Route = createFileRoute("/_app/audit/")({
  validateSearch: auditSearchSchema,
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
