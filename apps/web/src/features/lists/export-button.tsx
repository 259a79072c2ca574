import { Button } from "@fizio/ui";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";

export function ExportButton({ exporting, onClick }: { exporting: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" onClick={onClick} disabled={exporting} aria-busy={exporting}>
      <Download aria-hidden />
      {t("audit.filters.export")}
    </Button>
  );
}
