import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { TodoPage } from "../../features/todo/todo-page";

/** ?activity=<id> opens that activity's session flow over the list (spec §2 keeps /to-do the only route). */
const todoSearchSchema = z.object({ activity: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute("/_app/to-do")({
  validateSearch: todoSearchSchema,
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
