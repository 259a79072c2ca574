import { Card, CardContent, CardHeader, EmptyState, Skeleton } from "@fizio/ui";
import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { Linkified } from "./linkify";

/** The embedded outbox (no SMTP configured): what the server would have emailed, newest first. */
export function MailboxList() {
  const { t, i18n } = useTranslation();
  const mailbox = trpc.dev.mailbox.useQuery(undefined, { retry: false, refetchInterval: 5_000 });
  if (mailbox.isPending) return <Skeleton className="h-40" />;
  if (mailbox.isError) return <EmptyState icon={<Inbox />} title={t("mailbox.unavailable")} />;
  if (mailbox.data.items.length === 0 && mailbox.data.texts.length === 0)
    return <EmptyState icon={<Inbox />} title={t("mailbox.empty")} />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {mailbox.data.items.map((email) => (
          <li key={email.id}>
            <Card data-testid="mailbox-email">
              <CardHeader className="gap-1 pb-3">
                <h2 className="font-semibold">{email.subject}</h2>
                <p className="text-xs text-muted-foreground">
                  {t("mailbox.to")}: {email.to} · {t("mailbox.received")}:{" "}
                  {formatDateTime(email.createdAt, i18n.language)}
                </p>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words text-sm">
                  <Linkified text={email.text} />
                </p>
                {email.attachments.length ? (
                  <ul className="mt-3 flex flex-wrap gap-3 text-sm" aria-label={t("mailbox.attachments")}>
                    {email.attachments.map((a) => (
                      <li key={a.filename}>
                        <a
                          className="text-primary underline"
                          download={a.filename}
                          href={`data:${a.contentType},${encodeURIComponent(a.content)}`}
                        >
                          {a.filename}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {mailbox.data.texts.length > 0 ? (
        <section className="mt-6" aria-labelledby="mailbox-texts">
          <h2 id="mailbox-texts" className="mb-3 text-lg font-semibold">
            {t("mailbox.texts")}
          </h2>
          <ul className="flex flex-col gap-2">
            {mailbox.data.texts.map((sms) => (
              <li key={sms.id} data-testid="mailbox-text" className="rounded-md border p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  {t("mailbox.to")}: {sms.to} · {t("mailbox.received")}:{" "}
                  {formatDateTime(sms.createdAt, i18n.language)}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">
                  <Linkified text={sms.text} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
