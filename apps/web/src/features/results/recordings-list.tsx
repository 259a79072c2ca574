import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { EmptyState } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { TriangleAlert, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { SearchBox } from "../lists/search-box";
import { viewerTimeZone } from "./format";
import { RecordingActions } from "./recording-actions";
import { type RecordingRow, refreshWhileAnalysing, useRecordingColumns } from "./recording-columns";
import { RecordingFilters } from "./recording-filters";
import type { RecordingsSearch } from "./recordings-search";

interface RecordingsListProps {
  search: RecordingsSearch;
  onSearchChange: (next: RecordingsSearch) => void;
  /** /records/activity lists one patient's recordings. */
  patientId?: string;
}

/** A provider's roster's or an admin's organisation's recordings, with search, filters, pages and row actions. */
export function RecordingsList({ search, onSearchChange, patientId }: RecordingsListProps) {
  const { t } = useTranslation();
  const text = search.q ?? "";
  const list = trpc.recordings.list.useQuery(
    {
      page: search.page ?? 1,
      pageSize: DEFAULT_PAGE_SIZE,
      search: text || undefined,
      patientId,
      status: search.status,
      unreviewed: search.unreviewed,
      groupId: search.group,
      from: search.from,
      to: search.to,
      timeZone: viewerTimeZone(),
    },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) => refreshWhileAnalysing(query.state.data),
    },
  );
  const columns: Column<RecordingRow>[] = [
    ...useRecordingColumns({
      withPatient: !patientId,
      withReview: true,
      onOpen: (id) => onSearchChange({ ...search, recording: id }),
    }),
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      className: "w-12 text-right",
      cell: (r) => <RecordingActions recording={r} />,
    },
  ];
  const filtered = Boolean(
    text || search.status || search.group || search.from || search.to || search.unreviewed,
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        {patientId ? null : (
          <SearchBox
            value={text}
            onSearch={(q) => onSearchChange({ ...search, q: q || undefined, page: undefined })}
            label={t("results.searchLabel")}
            placeholder={t("users.searchPlaceholder")}
          />
        )}
        <RecordingFilters
          search={search}
          patientId={patientId}
          onChange={(next) => onSearchChange({ ...search, ...next })}
        />
      </div>
      {list.error ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(list.error, currentLocale())} />
      ) : (
        <DataTable
          label={t("results.listLabel")}
          columns={columns}
          data={list.data}
          loading={list.isPending}
          empty={
            filtered
              ? { icon: <Video />, title: t("results.noMatches") }
              : { icon: <Video />, title: t("results.empty"), description: t("results.emptyBody") }
          }
          onPageChange={(page) => onSearchChange({ ...search, page })}
        />
      )}
    </div>
  );
}
