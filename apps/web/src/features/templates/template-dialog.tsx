import { Dialog, DialogContent, DialogHeader, DialogTitle, Skeleton } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../forms/form-alert";

/** The wide dialog a template (or a patient's plan) is created or edited in; scrolls within the screen on a phone. */
export function TemplateDialog({
  open,
  title,
  loading,
  failed,
  failedMessage,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  loading?: boolean;
  /** The stored template could not be loaded. */
  failed?: boolean;
  /** What to say when it could not be loaded, when it is not a template (a patient's plan). */
  failedMessage?: string;
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
          <FormAlert message={failedMessage ?? t("templateEditor.loadFailed")} />
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
