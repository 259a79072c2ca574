import { Button } from "@fizio/ui";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
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
  const frame = useRef<HTMLDivElement>(null);
  // A modal takes the focus when it opens (the button that opened it is gone), so Escape and Tab work at once.
  useEffect(() => {
    if (!frame.current?.contains(document.activeElement)) frame.current?.focus();
  }, []);
  return (
    <div
      ref={frame}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 flex flex-col gap-3 overflow-hidden bg-background p-3 outline-none sm:p-4"
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
