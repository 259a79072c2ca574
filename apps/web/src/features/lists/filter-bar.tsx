import { Button } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A list's filters in a wrapping row, then "Clear filters" (when any is set) beside the list's actions. */
export function FilterBar({
  filtered,
  onClear,
  actions,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">{children}</div>
      <div className="flex flex-wrap items-center gap-2">
        {filtered ? (
          <Button variant="ghost" onClick={onClear}>
            {t("results.filters.clear")}
          </Button>
        ) : null}
        {actions}
      </div>
    </div>
  );
}
