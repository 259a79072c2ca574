import { Button, DialogFooter } from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** Cancel and Save at the foot of an editor dialog's form; Save submits it. */
export function EditorFooter({
  pending,
  disabled,
  onCancel,
}: {
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? t("common.saving") : t("common.save")}
      </Button>
    </DialogFooter>
  );
}
