import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { MailboxList } from "../../features/dev-mailbox/mailbox-list";
import { PageHeader } from "../../features/shell/page-header";
import { PublicLayout } from "../../features/shell/public-layout";

/** Public, and useful only while the server keeps emails in its embedded outbox (dev and e2e). */
export const Route = createFileRoute("/dev/mailbox")({ component: DevMailboxPage });

function DevMailboxPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout wide>
      <PageHeader title={t("mailbox.title")} description={t("mailbox.description")} />
      <MailboxList />
    </PublicLayout>
  );
}
