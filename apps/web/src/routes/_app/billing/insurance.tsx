import { createFileRoute } from "@tanstack/react-router";
import { insuranceSearchSchema } from "../../../features/billing/billing-search";
import { InsurancePage } from "../../../features/billing/insurance-page";

export const Route = createFileRoute("/_app/billing/insurance")({
  validateSearch: insuranceSearchSchema,
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
