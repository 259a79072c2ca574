import { DEFAULT_PAGE_SIZE, formatMoney } from "@fizio/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { ShieldPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { ExportButton } from "../lists/export-button";
import { FilterBar } from "../lists/filter-bar";
import { SearchBox } from "../lists/search-box";
import { useCsvExport } from "../lists/use-csv-export";
import { PageHeader } from "../shell/page-header";
import type { InsuranceSearch } from "./billing-search";

type Row = ApiOutputs["billing"]["insurance"]["list"]["items"][number];

/** /billing/insurance: insured patients, each plan on file, and what was billed to it; exported as CSV. */
export function InsurancePage({
  search,
  onSearchChange,
}: {
  search: InsuranceSearch;
  onSearchChange: (next: InsuranceSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const csv = useCsvExport();
  const filters = { search: search.q || undefined, planName: search.plan || undefined };
  const list = trpc.billing.insurance.list.useQuery(
    { ...filters, page: search.page ?? 1, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const set = (next: Partial<InsuranceSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  const columns: Column<Row & { id: string }>[] = [
    { key: "patient", header: t("billing.columns.patient"), cell: (r) => `${r.firstName} ${r.lastName}` },
    {
      key: "plan",
      header: t("billing.columns.plan"),
      cell: (r) =>
        r.planName ? (
          <div>
            <p className="font-medium">{r.planName}</p>
            <p className="text-xs text-muted-foreground">
              {t("billing.planLine", { id: r.planNumber, cob: r.cob ? t(`billing.cob.${r.cob}`) : "" })}
            </p>
            {r.removedAt ? (
              <p className="text-xs text-muted-foreground">
                {t("billing.planRemoved", { date: formatDateTime(r.removedAt, i18n.language) })}
              </p>
            ) : null}
          </div>
        ) : (
          <span className="text-destructive">{t("billing.noPlan")}</span>
        ),
    },
    {
      key: "effective",
      header: t("billing.columns.effective"),
      priority: "low",
      className: "whitespace-nowrap",
      cell: (r) => (r.effectiveDate ? formatDate(r.effectiveDate, i18n.language) : "–"),
    },
    {
      key: "entries",
      header: t("billing.columns.entries"),
      className: "text-right tabular-nums",
      cell: (r) => r.entries,
    },
    {
      key: "billed",
      header: t("billing.columns.billed"),
      className: "text-right tabular-nums",
      cell: (r) => formatMoney(r.billedCents, i18n.language),
    },
  ];
  const data = list.data && {
    ...list.data,
    items: list.data.items.map((r) => ({ ...r, id: `${r.patientId}-${r.planId ?? "none"}` })),
  };
  const exportCsv = () =>
    csv.run(async () => {
      const { rows, truncated } = await utils.billing.insurance.export.fetch(filters, {
        staleTime: 0,
        gcTime: 0,
      });
      return {
        name: "insurance",
        truncated,
        header: [
          "patient",
          "email",
          "plan",
          "plan_id",
          "group",
          "cob",
          "effective",
          "removed",
          "entries",
          "billed_usd",
        ],
        rows: rows.map((r) => [
          `${r.firstName} ${r.lastName}`,
          r.email,
          r.planName,
          r.planNumber,
          r.group,
          r.cob,
          r.effectiveDate,
          r.removedAt ? r.removedAt.toISOString() : "",
          r.entries,
          (r.billedCents / 100).toFixed(2),
        ]),
      };
    });
  const title = t("nav.insurance");
  return (
    <>
      <PageHeader title={title} description={t("billing.insuranceDescription")} />
      <FilterBar
        filtered={Boolean(search.q || search.plan)}
        onClear={() => set({ q: undefined, plan: undefined })}
        actions={<ExportButton exporting={csv.exporting} onClick={exportCsv} />}
      >
        <div className="w-full sm:w-80">
          <SearchBox
            value={search.q ?? ""}
            onSearch={(q) => set({ q: q || undefined })}
            label={t("billing.filters.search")}
            placeholder={t("billing.filters.searchPlaceholder")}
          />
        </div>
        <div className="w-full sm:w-64">
          <SearchBox
            value={search.plan ?? ""}
            onSearch={(plan) => set({ plan: plan || undefined })}
            label={t("billing.columns.plan")}
            placeholder={t("billing.filters.planPlaceholder")}
          />
        </div>
      </FilterBar>
      <DataTable
        label={title}
        columns={columns}
        data={data}
        loading={list.isPending}
        empty={{
          icon: <ShieldPlus />,
          title: t("billing.noInsured"),
          description: t("billing.noInsuredBody"),
        }}
        onPageChange={(page) => onSearchChange({ ...search, page })}
        error={list.error}
      />
    </>
  );
}
