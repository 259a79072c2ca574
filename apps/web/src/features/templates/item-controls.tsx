import { Button } from "@fizio/ui";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Move up, move down and remove for one item of a list being edited, named after the item for screen readers. */
export function ItemControls({
  label,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  label: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-1">
      {onMove ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${t("templateEditor.moveUp")}: ${label}`}
            disabled={disabled || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${t("templateEditor.moveDown")}: ${label}`}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown aria-hidden />
          </Button>
        </>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t("templateEditor.remove")}: ${label}`}
        disabled={disabled}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
