import { fizMessage } from "@fizio/i18n";
import { Button } from "@fizio/ui";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { ConfirmDialog } from "../shell/confirm-dialog";

/**
 * Edit and delete (after a confirmation) for one template row. `undeletable` keeps Delete disabled, with the
 * reason's FIZ message as its description (the intake assessment, FIZ405).
 */
export function TemplateRowActions({
  name,
  onEdit,
  onDelete,
  undeletable,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  undeletable?: "FIZ405";
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const reasonId = useId();
  const reason = undeletable ? fizMessage(undeletable, currentLocale()) : undefined;
  const remove = async () => {
    setPending(true);
    try {
      await onDelete();
      notify.success(t("templateEditor.deleted"));
      setConfirming(false);
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="icon" aria-label={t("templateEditor.edit", { name })} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("templateEditor.delete", { name })}
        title={reason}
        aria-describedby={reason ? reasonId : undefined}
        disabled={Boolean(undeletable)}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("templateEditor.deleteTitle")}
        description={t("templateEditor.deleteBody", { name })}
        confirmLabel={t("templateEditor.deleteConfirm")}
        destructive
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
