import { createFileRoute } from "@tanstack/react-router";
import { MailboxPage } from "../../../features/messages/mailbox-page";
import { parseMailboxSearch } from "../../../features/messages/mailbox-search";

export const Route = createFileRoute("/_app/messages/sent")({
  validateSearch: parseMailboxSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <MailboxPage
      mailbox="SENT"
      search={Route.useSearch()}
      onSearchChange={(next, options) =>
        navigate({ search: (prev) => ({ ...prev, ...next }), replace: !options?.push })
      }
    />
  );
}
