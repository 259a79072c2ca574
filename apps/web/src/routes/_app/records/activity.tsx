import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ActivityRecordsPage } from "../../../features/results/activity-records-page";
import { RecordingDetail } from "../../../features/results/recording-detail";
import { recordingsSearchSchema } from "../../../features/results/recordings-search";

const searchSchema = recordingsSearchSchema.extend({
  patient: z.string().max(64).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/records/activity")({
  validateSearch: searchSchema,
  component: Activity,
});

function Activity() {
  const navigate = Route.useNavigate();
  const { recording, ...rest } = Route.useSearch();
  if (recording)
    return <RecordingDetail id={recording} viewer="staff" onBack={() => navigate({ search: rest })} />;
  return (
    <ActivityRecordsPage
      search={rest}
      onSearchChange={(search) => navigate({ search, replace: !search.recording })}
    />
  );
}
