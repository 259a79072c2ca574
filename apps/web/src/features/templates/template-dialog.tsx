import { Dialog, DialogContent, DialogHeader, DialogTitle, Skeleton } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../forms/form-alert";

/** The wide dialog a template is created or edited in; scrolls within the screen on a phone. */
export function TemplateDialog({
  open,
  title,
  loading,
  failed,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  loading?: boolean;
  /** The stored template could not be loaded. */
  failed?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.cancel")} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {failed ? (
          <FormAlert message={t("templateEditor.loadFailed")} />
        ) : loading ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}
