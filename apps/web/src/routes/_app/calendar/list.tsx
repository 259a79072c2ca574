import { createFileRoute } from "@tanstack/react-router";
import { EventsListPage } from "../../../features/calendar/events-list-page";
import { parseEventListSearch } from "../../../features/calendar/list-search";
import { useSession } from "../../../features/session/use-session";

export const Route = createFileRoute("/_app/calendar/list")({
  validateSearch: parseEventListSearch,
  component: List,
});

function List() {
  const user = useSession().data?.user;
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return user ? (
    <EventsListPage
      user={user}
      search={search}
      onSearchChange={(next) => navigate({ search: next, replace: true })}
    />
  ) : null;
}
