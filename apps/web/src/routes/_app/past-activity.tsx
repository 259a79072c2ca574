import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { listSearchSchema } from "../../features/lists/list-search";
import { PastActivityPage } from "../../features/results/past-activity-page";
import { RecordingDetail } from "../../features/results/recording-detail";

const searchSchema = listSearchSchema.extend({ recording: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute("/_app/past-activity")({
  validateSearch: searchSchema,
  component: PastActivity,
});

function PastActivity() {
  const navigate = Route.useNavigate();
  const { recording, ...list } = Route.useSearch();
  if (recording)
    return <RecordingDetail id={recording} viewer="patient" onBack={() => navigate({ search: list })} />;
  return (
    <PastActivityPage
      page={list.page ?? 1}
      onPageChange={(page) => navigate({ search: { ...list, page }, replace: true })}
      onOpen={(id) => navigate({ search: { ...list, recording: id } })}
    />
  );
}
