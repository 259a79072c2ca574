import { DEFAULT_PAGE_SIZE, formatMoney, PAYMENT_METHODS, type TransactionStatus } from "@fizio/domain";
import { Badge, Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus, Receipt } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { ExportButton } from "../lists/export-button";
import { FilterBar } from "../lists/filter-bar";
import { FilterSelect } from "../lists/filter-select";
import { SearchBox } from "../lists/search-box";
import { useCsvExport } from "../lists/use-csv-export";
import { viewerTimeZone } from "../results/format";
import { PageHeader } from "../shell/page-header";
import { BalancesCard } from "./balances-card";
import type { TransactionsSearch } from "./billing-search";
import { TransactionDialog } from "./transaction-dialog";

type Transaction = ApiOutputs["billing"]["transactions"]["list"]["items"][number];

const STATUS_COLORS = { SUCCEEDED: "green", PENDING: "blue", FAILED: "red" } as const;

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLORS[status]}>{t(`billing.statuses.${status}`)}</Badge>;
}

/** /billing/transactions: payments recorded by admins, filtered, paged, totalled and exported (spec §3). */
export function TransactionsPage({
  search,
  onSearchChange,
}: {
  search: TransactionsSearch;
  onSearchChange: (next: TransactionsSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const csv = useCsvExport();
  const [recording, setRecording] = useState(false);
  const filters = {
    search: search.q || undefined,
    method: search.method,
    from: search.from,
    to: search.to,
    timeZone: viewerTimeZone(),
  };
  const list = trpc.billing.transactions.list.useQuery(
    { ...filters, page: search.page ?? 1, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const set = (next: Partial<TransactionsSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  const filtered = Boolean(search.q || search.method || search.from || search.to);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const columns: Column<Transaction>[] = [
    {
      key: "date",
      header: t("billing.columns.date"),
      className: "whitespace-nowrap",
      cell: (x) => formatDateTime(x.createdAt, i18n.language),
    },
    {
      key: "patient",
      header: t("billing.columns.patient"),
      cell: (x) => `${x.patientFirstName} ${x.patientLastName}`,
    },
    {
      key: "amount",
      header: t("billing.columns.amount"),
      className: "text-right tabular-nums",
      cell: (x) => money(x.amountCents),
    },
    {
      key: "method",
      header: t("billing.columns.method"),
      cell: (x) =>
        x.method === "CARD" && x.cardLast4
          ? t("billing.cardEnding", { brand: x.cardBrand, last4: x.cardLast4 })
          : t(`billing.methods.${x.method}`),
    },
    {
      key: "status",
      header: t("billing.columns.status"),
      cell: (x) => <TransactionStatusBadge status={x.status} />,
    },
    {
      key: "note",
      header: t("billing.columns.note"),
      priority: "low",
      className: "hidden md:table-cell text-muted-foreground",
      cell: (x) => x.note || "–",
    },
  ];
  const exportCsv = () =>
    csv.run(async () => {
      const { rows, truncated } = await utils.billing.transactions.export.fetch(filters, {
        staleTime: 0,
        gcTime: 0,
      });
      return {
        name: "transactions",
        truncated,
        header: ["date", "patient", "amount_usd", "method", "card", "status", "note"],
        rows: rows.map((x) => [
          new Date(x.createdAt).toISOString(),
          `${x.patientFirstName} ${x.patientLastName}`,
          (x.amountCents / 100).toFixed(2),
          x.method,
          x.cardLast4 ? `${x.cardBrand} ${x.cardLast4}` : null,
          x.status,
          x.note,
        ]),
      };
    });
  const title = t("nav.transactions");
  return (
    <>
      <PageHeader
        title={title}
        description={t("billing.transactionsDescription")}
        actions={
          <Button onClick={() => setRecording(true)}>
            <Plus aria-hidden />
            {t("billing.recordPayment")}
          </Button>
        }
      />
      <BalancesCard />
      <FilterBar
        filtered={filtered}
        onClear={() => set({ q: undefined, method: undefined, from: undefined, to: undefined })}
        actions={
          <>
            <ExportButton exporting={csv.exporting} onClick={exportCsv} />
            {list.data ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t("billing.totalPaid", { amount: money(list.data.paidCents) })}
              </p>
            ) : null}
          </>
        }
      >
        <div className="w-full sm:w-80">
          <SearchBox
            value={search.q ?? ""}
            onSearch={(q) => set({ q: q || undefined })}
            label={t("billing.filters.search")}
            placeholder={t("billing.filters.searchPlaceholder")}
          />
        </div>
        <FilterSelect
          label={t("billing.columns.method")}
          allLabel={t("billing.filters.allMethods")}
          value={search.method}
          onChange={(method) => set({ method })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billing.methods.${m}`) }))}
        />
        <DateRangeFields from={search.from} to={search.to} onChange={set} />
      </FilterBar>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={
          filtered
            ? { icon: <Receipt />, title: t("billing.filters.noMatches") }
            : {
                icon: <Receipt />,
                title: t("billing.noTransactions"),
                description: t("billing.noTransactionsBody"),
              }
        }
        onPageChange={(page) => onSearchChange({ ...search, page })}
        error={list.error}
      />
      <TransactionDialog open={recording} onClose={() => setRecording(false)} />
    </>
  );
}
