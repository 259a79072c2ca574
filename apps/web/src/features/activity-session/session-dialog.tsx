import { Button } from "@fizio/ui";
import { X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The full-screen frame of an activity's session, with or without the camera: the activity's name, where the
 * patient is in it, and a close button (Escape too) while leaving loses nothing (`onClose` null otherwise).
 */
export function SessionDialog({
  title,
  status,
  onClose,
  children,
}: {
  title: string;
  status: string;
  onClose: (() => void) | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 flex flex-col gap-3 overflow-hidden bg-background p-3 sm:p-4"
      onKeyDown={(e) => {
        if (e.key === "Escape" && onClose) onClose();
      }}
    >
      <header className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 id={titleId} className="truncate text-lg font-semibold">
            {title}
          </h1>
          <p className="text-xs text-muted-foreground">{status}</p>
        </div>
        {onClose ? (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("activitySession.close")}>
            <X aria-hidden />
          </Button>
        ) : null}
      </header>
      {children}
    </div>
  );
}
