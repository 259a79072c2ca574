import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { listSearchSchema } from "../../../features/lists/list-search";
import { GroupView } from "../../../features/videos/group-view";
import { VideoGroupsPage } from "../../../features/videos/video-groups-page";

const searchSchema = listSearchSchema.extend({ group: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute("/_app/content/videos")({
  validateSearch: searchSchema,
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
