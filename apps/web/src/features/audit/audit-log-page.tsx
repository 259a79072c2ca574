import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { PageHeader } from "../shell/page-header";

type Entry = ApiOutputs["audit"]["list"]["items"][number];

/** Who changed what in the organisation (spec §2 /audit). */
export function AuditLogPage({ search, onSearchChange }: ListSearchProps) {
  const { t, i18n } = useTranslation();
  const list = trpc.audit.list.useQuery(
    { page: search.page ?? 1, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Entry>[] = [
    {
      key: "at",
      header: t("audit.columns.at"),
      cell: (entry) => formatDateTime(entry.at, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "actor",
      header: t("audit.columns.actor"),
      cell: (entry) => entry.actorEmail ?? t("audit.system"),
    },
    {
      key: "action",
      header: t("audit.columns.action"),
      cell: (entry) => <code className="text-xs">{entry.action}</code>,
    },
    { key: "entity", header: t("audit.columns.entity"), cell: (entry) => entry.entity },
    {
      key: "entityId",
      header: t("audit.columns.entityId"),
      cell: (entry) => (
        <span className="font-mono text-xs text-muted-foreground">{entry.entityId ?? "-"}</span>
      ),
    },
  ];
  const title = t("nav.audit");
  return (
    <>
      <PageHeader title={title} description={t("audit.description")} />
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={{ icon: <ShieldCheck />, title: t("audit.empty"), description: t("audit.emptyBody") }}
        onPageChange={(page) => onSearchChange({ page })}
      />
    </>
  );
}
