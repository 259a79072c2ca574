import { createFileRoute } from "@tanstack/react-router";
import { ActivityRecordsPage } from "../../../features/results/activity-records-page";
import { RecordingDetail } from "../../../features/results/recording-detail";
import { recordingsSearchFields } from "../../../features/results/recordings-search";
import { searchParams, textParam } from "../../../lib/search-params";

const parseSearch = searchParams({ ...recordingsSearchFields, patient: textParam(64) });

export const Route = createFileRoute("/_app/records/activity")({
  validateSearch: parseSearch,
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
