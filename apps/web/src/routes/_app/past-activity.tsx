import { createFileRoute } from "@tanstack/react-router";
import { listSearchFields } from "../../features/lists/list-search";
import { PastActivityPage } from "../../features/results/past-activity-page";
import { RecordingDetail } from "../../features/results/recording-detail";
import { searchParams, textParam } from "../../lib/search-params";

const parseSearch = searchParams({ ...listSearchFields, recording: textParam(64) });

export const Route = createFileRoute("/_app/past-activity")({
  validateSearch: parseSearch,
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
