import { createFileRoute } from "@tanstack/react-router";
import { listSearchFields } from "../../../features/lists/list-search";
import { GroupView } from "../../../features/videos/group-view";
import { VideoGroupsPage } from "../../../features/videos/video-groups-page";
import { searchParams, textParam } from "../../../lib/search-params";

const parseSearch = searchParams({ ...listSearchFields, group: textParam(64) });

export const Route = createFileRoute("/_app/content/videos")({
  validateSearch: parseSearch,
  component: Videos,
});

function Videos() {
  const navigate = Route.useNavigate();
  const { group, ...list } = Route.useSearch();
  if (group) return <GroupView groupId={group} onBack={() => navigate({ search: list })} />;
  return (
    <VideoGroupsPage
      search={list}
      onSearchChange={(search) => navigate({ search, replace: true })}
      onOpen={(id) => navigate({ search: { ...list, group: id } })}
    />
  );
}
