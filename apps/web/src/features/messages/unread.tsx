import { cn } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { Mail } from "lucide-react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

const UnreadContext = createContext(0);

/**
 * One live stream of the signed-in user's unread count for the whole app (messages.unread over SSE): the
 * badges read it, and every change refreshes the open mailbox lists and thread without a reload.
 */
export function MailboxLive({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const [count, setCount] = useState(0);
  trpc.messages.unread.useSubscription(undefined, {
    onData: (data) => {
      setCount(data.count);
      void utils.messages.list.invalidate();
      void utils.messages.thread.invalidate();
    },
  });
  return <UnreadContext.Provider value={count}>{children}</UnreadContext.Provider>;
}

export const useUnreadCount = () => useContext(UnreadContext);

/** The unread count as a pill; screen readers hear "3 unread messages". Nothing when all is read. */
export function UnreadBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground",
        className,
      )}
    >
      <span aria-hidden>{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("messaging.unreadBadge", { count })}</span>
    </span>
  );
}

/** The header's envelope: on a phone the menu is folded away, and new messages must still show. */
export function InboxLink() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  return (
    <Link
      to="/messages/inbox"
      aria-label={count > 0 ? t("messaging.unreadBadge", { count }) : t("messaging.inboxTitle")}
      className="relative flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Mail className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] font-semibold leading-4 text-primary-foreground"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
