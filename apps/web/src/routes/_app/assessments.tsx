import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { MyAssessmentsPage } from "../../features/my-assessments/my-assessments-page";

const searchSchema = z.object({ id: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute("/_app/assessments")({
  validateSearch: searchSchema,
  component: Assessments,
});

function Assessments() {
  const navigate = Route.useNavigate();
  return (
    <MyAssessmentsPage openId={Route.useSearch().id} onOpenChange={(id) => navigate({ search: { id } })} />
  );
}
