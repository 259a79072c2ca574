import { cn, Dialog, DialogContent, DialogHeader, DialogTitle } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A titled dialog holding a form. The form mounts only while open, so every opening starts blank; closing by
 * Escape, the close button or outside click calls onClose.
 */
export function FormDialog({
  open,
  title,
  onClose,
  className,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.cancel")} className={cn("max-w-lg", className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
