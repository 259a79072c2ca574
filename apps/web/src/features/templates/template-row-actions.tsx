import type { FizCode } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { ConfirmDialog } from "../shell/confirm-dialog";

/** What the actions say; a template's wording unless the row is something else (a patient's plan). */
export interface RowActionTexts {
  edit: string;
  deleteTitle: string;
  deleteBody: string;
  deleted: string;
}

/**
 * Edit and delete (after a confirmation) for one template row. `undeletable` keeps Delete disabled, with the
 * reason's FIZ message as its description (the intake assessment FIZ405, a completed plan FIZ220).
 */
export function TemplateRowActions({
  name,
  onEdit,
  onDelete,
  undeletable,
  texts: given,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  undeletable?: FizCode;
  texts?: RowActionTexts;
}) {
  const { t } = useTranslation();
  const texts = given ?? {
    edit: t("templateEditor.edit", { name }),
    deleteTitle: t("templateEditor.deleteTitle"),
    deleteBody: t("templateEditor.deleteBody", { name }),
    deleted: t("templateEditor.deleted"),
  };
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const reasonId = useId();
  const reason = undeletable ? fizMessage(undeletable, currentLocale()) : undefined;
  const remove = async () => {
    setPending(true);
    try {
      await onDelete();
      notify.success(texts.deleted);
      setConfirming(false);
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="icon" aria-label={texts.edit} onClick={onEdit}>
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
        title={texts.deleteTitle}
        description={texts.deleteBody}
        confirmLabel={t("templateEditor.deleteConfirm")}
        destructive
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
