import { Dialog, DialogContent, DialogHeader, DialogTitle, Skeleton } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../forms/form-alert";

/** What a create-or-edit template dialog is given: the template's id (null for a new one) and its open state. */
export interface TemplateEditorProps {
  id: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The wide dialog a template (or a patient's plan) is created or edited in; scrolls within the screen on a
 * phone. When editing (an id), the stored one is loaded first and the form is given it.
 */
export function TemplateDialog<T>({
  open,
  title,
  id,
  stored,
  failedMessage,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  id: string | null;
  stored: { data: T | undefined; isError: boolean };
  /** What to say when it could not be loaded, when it is not a template (a patient's plan). */
  failedMessage?: string;
  onClose: () => void;
  /** The form: given the stored one when editing, undefined when creating. */
  children: (stored: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.cancel")} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {stored.isError ? (
          <FormAlert message={failedMessage ?? t("templateEditor.loadFailed")} />
        ) : id && !stored.data ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : open ? (
          children(id ? stored.data : undefined)
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
