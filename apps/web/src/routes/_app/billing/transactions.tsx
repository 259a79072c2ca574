import { createFileRoute } from "@tanstack/react-router";
import { transactionsSearchSchema } from "../../../features/billing/billing-search";
import { TransactionsPage } from "../../../features/billing/transactions-page";

export const Route = createFileRoute("/_app/billing/transactions")({
  validateSearch: transactionsSearchSchema,
  component: Transactions,
});

function Transactions() {
  const navigate = Route.useNavigate();
  return (
    <TransactionsPage
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
