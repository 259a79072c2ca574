import { createFileRoute } from "@tanstack/react-router";
import { TodoPage } from "../../features/todo/todo-page";
import { searchParams, textParam } from "../../lib/search-params";

/** ?activity=<id> opens that activity's session flow over the list (spec §2 keeps /to-do the only route). */
const parseTodoSearch = searchParams({ activity: textParam(64) });

export const Route = createFileRoute("/_app/to-do")({
  validateSearch: parseTodoSearch,
  component: Todo,
});

function Todo() {
  const navigate = Route.useNavigate();
  const { activity } = Route.useSearch();
  return (
    <TodoPage
      openActivityId={activity ?? null}
      onOpenActivity={(id) => navigate({ search: id ? { activity: id } : {} })}
    />
  );
}
