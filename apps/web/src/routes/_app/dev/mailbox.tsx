import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { MailboxList } from "../../../features/dev-mailbox/mailbox-list";
import { PageHeader } from "../../../features/shell/page-header";

/** The super admin's, and useful only on the dev and e2e stacks, which turn the server's mailbox on. */
export const Route = createFileRoute("/_app/dev/mailbox")({ component: DevMailboxPage });

function DevMailboxPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("mailbox.title")} description={t("mailbox.description")} />
      <MailboxList />
    </>
  );
}
