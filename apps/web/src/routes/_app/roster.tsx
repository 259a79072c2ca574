import { createFileRoute } from "@tanstack/react-router";
import { parseListSearch } from "../../features/lists/list-search";
import { RosterPage } from "../../features/roster/roster-page";

export const Route = createFileRoute("/_app/roster")({ validateSearch: parseListSearch, component: Roster });

function Roster() {
  const navigate = Route.useNavigate();
  return (
    <RosterPage search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />
  );
}
