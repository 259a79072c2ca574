import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Bug } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { PageHeader } from "../shell/page-header";

type Entry = ApiOutputs["audit"]["errorLog"]["items"][number];

const KIND_COLOR: Record<string, BadgeColor> = { RENDER: "red", NETWORK: "orange", UNHANDLED: "purple" };

/** Errors reported by browsers (rendering, failed calls) and by the server (spec §8). */
export function ErrorLogPage({ search, onSearchChange }: ListSearchProps) {
  const { t, i18n } = useTranslation();
  const list = trpc.audit.errorLog.useQuery(
    { page: search.page ?? 1, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Entry>[] = [
    {
      key: "at",
      header: t("audit.errorColumns.at"),
      cell: (entry) => formatDateTime(entry.at, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "kind",
      header: t("audit.errorColumns.kind"),
      cell: (entry) => <Badge color={KIND_COLOR[entry.kind] ?? "grey"}>{entry.kind}</Badge>,
    },
    {
      key: "message",
      header: t("audit.errorColumns.message"),
      cell: (entry) => <span className="line-clamp-2 max-w-md break-words">{entry.message}</span>,
    },
    {
      key: "path",
      header: t("audit.errorColumns.path"),
      cell: (entry) => <code className="text-xs">{entry.path}</code>,
    },
    {
      key: "role",
      header: t("audit.errorColumns.role"),
      cell: (entry) => (entry.role ? t(`roles.${entry.role}`, { defaultValue: entry.role }) : "-"),
    },
  ];
  const title = t("nav.errorLog");
  return (
    <>
      <PageHeader title={title} description={t("audit.errorLogDescription")} />
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={{ icon: <Bug />, title: t("audit.errorEmpty"), description: t("audit.errorEmptyBody") }}
        onPageChange={(page) => onSearchChange({ page })}
      />
    </>
  );
}
