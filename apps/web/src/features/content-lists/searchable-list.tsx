import { EmptyState } from "@fizio/ui";
import { FileText, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type Column, DataTable, type Page } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { SearchBox } from "../lists/search-box";
import { PageHeader } from "../shell/page-header";

interface SearchableListProps<T extends { id: string }> extends ListSearchProps {
  title: string;
  searchLabel: string;
  columns: Column<T>[];
  query: { data: Page<T> | undefined; isPending: boolean; error: unknown };
  emptyTitle: string;
  /** Beside the title, e.g. a "New" button. */
  actions?: ReactNode;
  /** Beside the search box, e.g. an "unread only" switch. */
  filters?: ReactNode;
}

/** A read-only list page: title, search of at least 3 characters, the paged table, and the failure if any. */
export function SearchableList<T extends { id: string }>({
  title,
  searchLabel,
  columns,
  query,
  emptyTitle,
  actions,
  filters,
  search,
  onSearchChange,
}: SearchableListProps<T>) {
  const { t } = useTranslation();
  const text = search.q ?? "";
  return (
    <>
      <PageHeader title={title} actions={actions} />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-1">
          <SearchBox
            value={text}
            onSearch={(q) => onSearchChange({ ...search, q: q || undefined, page: undefined })}
            label={searchLabel}
            placeholder={t("users.searchPlaceholder")}
          />
        </div>
        {filters}
      </div>
      {query.error ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(query.error, currentLocale())} />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          data={query.data}
          loading={query.isPending}
          empty={{
            icon: <FileText />,
            title: text ? t("contentLists.noMatches", { search: text }) : emptyTitle,
          }}
          onPageChange={(next) => onSearchChange({ ...search, page: next })}
        />
      )}
    </>
  );
}
