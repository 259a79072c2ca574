import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { downloadText, toCsv } from "../../lib/download";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";

export interface CsvExport {
  header: string[];
  rows: (string | number | null)[][];
  /** The file name without date or extension, e.g. "transactions". */
  name: string;
  /** The server stopped at its export maximum: narrower filters give the rest. */
  truncated: boolean;
}

/**
 * The Export CSV button's work: fetch what the filters select, save it as `<name>-<date>.csv`, say when the
 * export was cut at its maximum, and show a failure as a toast.
 */
export function useCsvExport() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async (load: () => Promise<CsvExport>) => {
    setExporting(true);
    try {
      const { header, rows, name, truncated } = await load();
      downloadText(toCsv(header, rows), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
      if (truncated) notify.info(t("audit.filters.truncated", { count: rows.length }));
    } catch (error) {
      // A failed request says why; anything else went wrong making the file: 'Problem with exporting data to file'.
      notify.error(
        error instanceof TRPCClientError
          ? apiErrorMessage(error, currentLocale())
          : fizMessage("FIZ312", currentLocale()),
      );
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
