import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { FormField } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { ExportButton } from "../lists/export-button";
import { FilterBar } from "../lists/filter-bar";
import { FilterSelect } from "../lists/filter-select";
import { PatientSelect } from "../lists/patient-picker";
import { SearchBox } from "../lists/search-box";
import { useCsvExport } from "../lists/use-csv-export";
import { viewerTimeZone } from "../results/format";
import { PageHeader } from "../shell/page-header";
import { AuditActionText } from "./audit-action-text";
import { AUDIT_ACTION_GROUPS, type AuditSearch } from "./audit-search";

type Entry = ApiOutputs["audit"]["list"]["items"][number];

/**
 * Who read or changed what, and whose record, in the organisation (spec §2 /audit): filtered by user, action,
 * patient and days, paged, and exported as CSV.
 */
export function AuditLogPage({
  search,
  onSearchChange,
}: {
  search: AuditSearch;
  onSearchChange: (next: AuditSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale();
  const utils = trpc.useUtils();
  const csv = useCsvExport();
  const filters = {
    actor: search.actor || undefined,
    action: search.action,
    patientId: search.patient,
    from: search.from,
    to: search.to,
    timeZone: viewerTimeZone(),
  };
  const list = trpc.audit.list.useQuery(
    { ...filters, page: search.page ?? 1, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const set = (next: Partial<AuditSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  const filtered = Boolean(search.actor || search.action || search.patient || search.from || search.to);
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
      cell: (entry) => <AuditActionText action={entry.action} locale={locale} />,
    },
    {
      key: "whom",
      header: t("audit.columns.whom"),
      cell: (entry) =>
        entry.subjectName ?? (
          <span className="text-xs text-muted-foreground">
            {entry.entity} <span className="font-mono">{entry.entityId ?? ""}</span>
          </span>
        ),
    },
    {
      key: "where",
      header: t("audit.columns.where"),
      priority: "low",
      className: "hidden lg:table-cell text-xs text-muted-foreground",
      cell: (entry) => entry.uiLocation ?? "–",
    },
  ];
  const exportCsv = () =>
    csv.run(async () => {
      const { items, truncated } = await utils.audit.export.fetch(filters, { staleTime: 0, gcTime: 0 });
      return {
        name: "audit",
        truncated,
        header: ["time", "user", "action", "record_type", "record", "whom", "where"],
        rows: items.map((e) => [
          new Date(e.at).toISOString(),
          e.actorEmail,
          e.action,
          e.entity,
          e.entityId,
          e.subjectName,
          e.uiLocation,
        ]),
      };
    });
  const title = t("nav.audit");
  return (
    <>
      <PageHeader title={title} description={t("audit.description")} />
      <FilterBar
        filtered={filtered}
        onClear={() =>
          set({ actor: undefined, action: undefined, patient: undefined, from: undefined, to: undefined })
        }
        actions={<ExportButton exporting={csv.exporting} onClick={exportCsv} />}
      >
        <div className="w-full sm:w-80">
          <SearchBox
            value={search.actor ?? ""}
            onSearch={(actor) => set({ actor: actor || undefined })}
            label={t("audit.filters.actor")}
            placeholder={t("audit.filters.actorPlaceholder")}
          />
        </div>
        <FilterSelect
          label={t("audit.filters.action")}
          allLabel={t("audit.filters.allActions")}
          className="sm:w-52"
          value={search.action}
          onChange={(action) => set({ action })}
          options={AUDIT_ACTION_GROUPS.map((group) => ({
            value: group,
            label: t(`audit.actions.${group}`),
          }))}
        />
        <FormField label={t("audit.filters.patient")} className="w-full sm:w-56">
          <PatientSelect
            value={search.patient}
            emptyLabel={t("clinical.allPatients")}
            onChange={(patient) => set({ patient: patient || undefined })}
          />
        </FormField>
        <DateRangeFields from={search.from} to={search.to} onChange={set} />
      </FilterBar>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={
          filtered
            ? { icon: <ShieldCheck />, title: t("audit.filters.noMatches") }
            : { icon: <ShieldCheck />, title: t("audit.empty"), description: t("audit.emptyBody") }
        }
        onPageChange={(page) => onSearchChange({ ...search, page })}
        error={list.error}
      />
    </>
  );
}
