import { createFileRoute } from "@tanstack/react-router";
import { MyAssessmentsPage } from "../../features/my-assessments/my-assessments-page";
import { searchParams, textParam } from "../../lib/search-params";

const parseSearch = searchParams({ id: textParam(64) });

export const Route = createFileRoute("/_app/assessments")({
  validateSearch: parseSearch,
  component: Assessments,
});

function Assessments() {
  const navigate = Route.useNavigate();
  return (
    <MyAssessmentsPage openId={Route.useSearch().id} onOpenChange={(id) => navigate({ search: { id } })} />
  );
}
