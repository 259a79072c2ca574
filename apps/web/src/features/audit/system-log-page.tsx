import { DEFAULT_PAGE_SIZE, SYSTEM_LOG_KIND_NAMES } from "@fizio/domain";
import { Badge } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { ServerCog } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { FilterBar } from "../lists/filter-bar";
import { FilterSelect } from "../lists/filter-select";
import { viewerTimeZone } from "../results/format";
import { PageHeader } from "../shell/page-header";
import { AuditActionText } from "./audit-action-text";
import type { SystemLogSearch } from "./system-log-search";

type Entry = ApiOutputs["audit"]["systemLog"]["items"][number];
type Kind = (typeof SYSTEM_LOG_KIND_NAMES)[number];

const KIND_OF = (action: string): Kind =>
  action.startsWith("system.job.")
    ? "JOBS"
    : action.startsWith("system.worker.")
      ? "WORKERS"
      : action.startsWith("auth.")
        ? "SIGN_INS"
        : action.startsWith("users.")
          ? "ACCOUNTS"
          : "SETTINGS";
const KIND_COLORS = {
  JOBS: "red",
  WORKERS: "grey",
  SIGN_INS: "blue",
  ACCOUNTS: "purple",
  SETTINGS: "orange",
} as const;

/** What happened, in a line: a job's task, attempt and error; a worker's id; else the record it was about. */
function summary(entry: Entry): string {
  const d = (entry.details ?? {}) as Record<string, unknown>;
  if (entry.action === "system.job.failed")
    return `${d.task ?? ""} · ${d.attempt ?? "?"}/${d.maxAttempts ?? "?"} · ${d.error ?? ""}`;
  if (typeof d.reason === "string") return d.reason;
  // A setting change names the settings it changed.
  if (Array.isArray(d.changed) && d.changed.length > 0) return d.changed.join(", ");
  return entry.entityId ?? "";
}

/** /audit/system-log: job failures, worker starts and stops, sign-ins, account and setting changes. */
export function SystemLogPage({
  search,
  onSearchChange,
}: {
  search: SystemLogSearch;
  onSearchChange: (next: SystemLogSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const list = trpc.audit.systemLog.useQuery(
    {
      kind: search.kind,
      from: search.from,
      to: search.to,
      timeZone: viewerTimeZone(),
      page: search.page ?? 1,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const set = (next: Partial<SystemLogSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  const filtered = Boolean(search.kind || search.from || search.to);
  const columns: Column<Entry>[] = [
    {
      key: "at",
      header: t("audit.columns.at"),
      className: "whitespace-nowrap",
      cell: (e) => formatDateTime(e.at, i18n.language),
    },
    {
      key: "kind",
      header: t("audit.systemLog.kind"),
      cell: (e) => {
        const kind = KIND_OF(e.action);
        return <Badge color={KIND_COLORS[kind]}>{t(`audit.systemLog.kinds.${kind}`)}</Badge>;
      },
    },
    {
      key: "action",
      header: t("audit.columns.action"),
      cell: (e) => <AuditActionText action={e.action} locale={currentLocale()} />,
    },
    { key: "actor", header: t("audit.columns.actor"), cell: (e) => e.actorEmail ?? t("audit.system") },
    {
      key: "what",
      header: t("audit.systemLog.what"),
      priority: "low",
      className: "hidden md:table-cell max-w-md truncate text-xs text-muted-foreground",
      cell: (e) => summary(e),
    },
  ];
  const title = t("nav.systemLog");
  return (
    <>
      <PageHeader title={title} description={t("audit.systemLog.description")} />
      <FilterBar filtered={filtered} onClear={() => set({ kind: undefined, from: undefined, to: undefined })}>
        <FilterSelect<Kind>
          label={t("audit.systemLog.kind")}
          allLabel={t("audit.systemLog.allKinds")}
          value={search.kind}
          onChange={(kind) => set({ kind })}
          options={SYSTEM_LOG_KIND_NAMES.map((k) => ({ value: k, label: t(`audit.systemLog.kinds.${k}`) }))}
        />
        <DateRangeFields from={search.from} to={search.to} onChange={set} />
      </FilterBar>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        error={list.error}
        empty={{ icon: <ServerCog />, title: t("audit.systemLog.empty") }}
        onPageChange={(page) => onSearchChange({ ...search, page })}
      />
    </>
  );
}
