import type { Mailbox } from "@fizio/domain";
import { Badge, Button, Checkbox, Label } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Paperclip, PenSquare } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { listInput } from "../content-lists/list-input";
import { SearchableList } from "../content-lists/searchable-list";
import type { Column } from "../lists/data-table";
import { ComposeDialog } from "./compose-dialog";
import type { MailboxSearch } from "./mailbox-search";
import { ThreadView } from "./thread-view";

type Item = ApiOutputs["messages"]["list"]["items"][number];

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** /messages/inbox and /messages/sent: the paged list, or the thread the URL opens. */
export function MailboxPage({
  mailbox,
  search,
  onSearchChange,
}: {
  mailbox: Mailbox;
  search: MailboxSearch;
  onSearchChange: (next: Partial<MailboxSearch>, options?: { push?: boolean }) => void;
}) {
  const { t, i18n } = useTranslation();
  const [composing, setComposing] = useState(false);
  const unreadId = useId();
  const inbox = mailbox === "INBOX";
  const query = trpc.messages.list.useQuery(
    { ...listInput(search), mailbox, unreadOnly: inbox && search.unread === true },
    { placeholderData: keepPreviousData, enabled: !search.conversation },
  );
  const open = (conversation: string) => onSearchChange({ conversation }, { push: true });
  const compose = (
    <>
      <Button onClick={() => setComposing(true)}>
        <PenSquare aria-hidden />
        {t("messaging.compose")}
      </Button>
      <ComposeDialog
        open={composing}
        onClose={() => setComposing(false)}
        onSent={(conversation) => {
          setComposing(false);
          if (!inbox) open(conversation);
        }}
      />
    </>
  );
  if (search.conversation)
    return (
      <ThreadView
        conversationId={search.conversation}
        onBack={() => onSearchChange({ conversation: undefined })}
      />
    );

  const columns: Column<Item>[] = [
    {
      key: "person",
      header: inbox ? t("messaging.from") : t("messaging.to"),
      cell: (row) => (
        <span className={row.read ? undefined : "font-semibold"}>
          {inbox ? nameOf(row.author) : row.recipients.join(", ")}
        </span>
      ),
    },
    {
      key: "subject",
      header: t("messaging.subject"),
      cell: (row) => (
        <button
          type="button"
          className="flex max-w-md flex-col items-start text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => open(row.conversationId)}
        >
          <span className={`flex items-center gap-1 ${row.read ? "" : "font-semibold"}`}>
            <span className="sr-only">{t("messaging.open")} </span>
            {row.subject}
            {row.hasAttachments ? (
              <Paperclip className="size-3" aria-label={t("messaging.hasAttachments")} role="img" />
            ) : null}
          </span>
          <span className="line-clamp-1 text-sm text-muted-foreground">{row.preview}</span>
        </button>
      ),
    },
    {
      key: "date",
      header: t("messaging.date"),
      cell: (row) => formatDateTime(row.sentAt, i18n.language),
      className: "whitespace-nowrap",
    },
    ...(inbox
      ? [
          {
            key: "status",
            header: t("messaging.status"),
            cell: (row: Item) =>
              row.read ? (
                <span className="text-sm text-muted-foreground">{t("messaging.read")}</span>
              ) : (
                <Badge color="blue">{t("messaging.unread")}</Badge>
              ),
          },
        ]
      : []),
  ];
  const title = inbox ? t("messaging.inboxTitle") : t("messaging.sentTitle");
  return (
    <SearchableList
      search={search}
      onSearchChange={onSearchChange}
      title={title}
      searchLabel={t("messaging.search")}
      query={query}
      emptyTitle={inbox ? t("messaging.emptyInbox") : t("messaging.emptySent")}
      columns={columns}
      actions={compose}
      filters={
        inbox ? (
          <div className="flex items-center gap-2 pb-2">
            <Checkbox
              id={unreadId}
              checked={search.unread === true}
              onCheckedChange={(checked) =>
                onSearchChange({ unread: checked === true || undefined, page: undefined })
              }
            />
            <Label htmlFor={unreadId}>{t("messaging.unreadOnly")}</Label>
          </div>
        ) : undefined
      }
    />
  );
}
