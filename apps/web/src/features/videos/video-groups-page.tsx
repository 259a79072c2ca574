import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus, Video } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { SearchBox } from "../lists/search-box";
import { PageHeader } from "../shell/page-header";
import { CreateGroupDialog } from "./create-group-dialog";
import { ReadinessBadge } from "./readiness-badge";

type Group = ApiOutputs["videos"]["groups"]["list"]["items"][number];

/** /content/videos: the organisation's video groups with their readiness for analysis. */
export function VideoGroupsPage({
  search,
  onSearchChange,
  onOpen,
}: ListSearchProps & { onOpen: (groupId: string) => void }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const page = search.page ?? 1;
  const text = search.q ?? "";
  const list = trpc.videos.groups.list.useQuery(
    { page, pageSize: DEFAULT_PAGE_SIZE, search: text || undefined },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Group>[] = [
    {
      key: "name",
      header: t("videos.columns.name"),
      cell: (group) => (
        <button
          type="button"
          className="font-medium text-primary underline-offset-2 hover:underline"
          onClick={() => onOpen(group.id)}
        >
          {group.name}
        </button>
      ),
    },
    { key: "type", header: t("videos.columns.type"), cell: (group) => t(`videos.types.${group.type}`) },
    {
      key: "joints",
      header: t("videos.columns.joints"),
      cell: (group) => group.joints.map((j) => t(`videos.joints.${j.joint}`)).join(", "),
    },
    { key: "videos", header: t("videos.columns.videos"), cell: (group) => group.videoCount },
    {
      key: "readiness",
      header: t("videos.columns.readiness"),
      cell: (group) => <ReadinessBadge readiness={group.readiness} />,
    },
  ];
  const title = t("nav.videos");
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t("videos.newGroup")}
          </Button>
        }
      />
      <div className="mb-4">
        <SearchBox
          value={text}
          onSearch={(q) => onSearchChange({ q: q || undefined, page: undefined })}
          label={t("videos.searchLabel")}
          placeholder={t("users.searchPlaceholder")}
        />
      </div>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={
          text
            ? { icon: <Video />, title: t("videos.noMatches", { search: text }) }
            : { icon: <Video />, title: t("videos.empty"), description: t("videos.emptyBody") }
        }
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} onCreated={onOpen} />
    </>
  );
}
