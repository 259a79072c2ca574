import { createFileRoute } from "@tanstack/react-router";
import { parseTransactionsSearch } from "../../../features/billing/billing-search";
import { TransactionsPage } from "../../../features/billing/transactions-page";

export const Route = createFileRoute("/_app/billing/transactions")({
  validateSearch: parseTransactionsSearch,
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
