import { createFileRoute } from "@tanstack/react-router";
import { parseInsuranceSearch } from "../../../features/billing/billing-search";
import { InsurancePage } from "../../../features/billing/insurance-page";

export const Route = createFileRoute("/_app/billing/insurance")({
  validateSearch: parseInsuranceSearch,
  component: Insurance,
});

function Insurance() {
  const navigate = Route.useNavigate();
  return (
    <InsurancePage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
