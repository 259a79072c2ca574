import { Button } from "@fizio/ui";
import type { TFunction } from "i18next";
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type Column, DataTable, type Page } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { SearchBox } from "../lists/search-box";

/** Edit and delete buttons of one row, named after the row for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("parameters.editOf", { name })}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t("parameters.deleteOf", { name })}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/**
 * A parameter list's search box and paged table, with its empty states (nothing yet, nothing matching); the
 * search text and page live in the URL.
 */
export function ParameterTable<T extends { id: string }>({
  title,
  placeholder,
  icon,
  columns,
  query,
  search,
  onSearchChange,
}: {
  title: string;
  placeholder: string;
  icon: ReactNode;
  columns: Column<T>[];
  query: { data: Page<T> | undefined; isPending: boolean; error: unknown };
} & ListSearchProps) {
  const { t } = useTranslation();
  const text = search.q ?? "";
  return (
    <>
      <div className="mb-4 w-full sm:w-80">
        <SearchBox
          value={text}
          onSearch={(q) => onSearchChange({ q: q || undefined, page: undefined })}
          label={t("parameters.searchLabel")}
          placeholder={placeholder}
        />
      </div>
      <DataTable
        label={title}
        columns={columns}
        data={query.data}
        loading={query.isPending}
        error={query.error}
        empty={
          text
            ? {
                icon,
                title: t("parameters.noMatches", { search: text }),
                description: t("parameters.noMatchesBody"),
              }
            : { icon, title: t("parameters.empty"), description: t("parameters.emptyBody") }
        }
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
    </>
  );
}

/** A delete's outcome: a toast either way (an in-use refusal names its FIZ reason), the dialog closed. */
export function deleteOutcome(t: TFunction, close: () => void, refresh: () => Promise<void>) {
  return {
    onSuccess: async () => {
      notify.success(t("parameters.deleted"));
      close();
      await refresh();
    },
    onError: (error: unknown) => {
      close();
      notify.error(apiErrorMessage(error, currentLocale()));
    },
  };
}
