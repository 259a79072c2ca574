import { Button } from "@fizio/ui";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

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
