import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";

type Session = ApiOutputs["profile"]["sessions"]["list"][number];

/** Profile → Security: the user's sessions (device, place, last seen), each signed out alone or all others at once. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const sessions = trpc.profile.sessions.list.useQuery();
  const onError = (error: unknown) => notify.error(apiErrorMessage(error, currentLocale()));
  const revoke = trpc.profile.sessions.revoke.useMutation({
    onSuccess: async () => {
      notify.success(t("security.sessions.signedOut"));
      await utils.profile.sessions.list.invalidate();
    },
    onError,
  });
  const revokeOthers = trpc.profile.sessions.revokeOthers.useMutation({
    onSuccess: async ({ ended }) => {
      notify.success(t("security.sessions.signedOutOthers", { count: ended }));
      await utils.profile.sessions.list.invalidate();
    },
    onError,
  });
  const device = (s: Session) =>
    s.browser || s.os
      ? t("security.sessions.device", {
          browser: s.browser ?? t("security.sessions.unknownDevice"),
          os: s.os ?? t("security.sessions.unknownDevice"),
        })
      : t("security.sessions.unknownDevice");
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <Card id="sessions">
      <CardHeader>
        <CardTitle>{t("security.sessions.title")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("security.sessions.description")}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.error ? <p role="alert">{apiErrorMessage(sessions.error, currentLocale())}</p> : null}
        {sessions.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">{t("security.sessions.loading")}</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : null}
        {sessions.data ? (
          <ul className="flex flex-col gap-2" aria-label={t("security.sessions.title")}>
            {sessions.data.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {device(s)}
                    {s.current ? <Badge color="blue">{t("security.sessions.thisDevice")}</Badge> : null}
                  </span>
                  <span className="text-muted-foreground">
                    {s.ipAddress
                      ? t("security.sessions.place", { ip: s.ipAddress })
                      : t("security.sessions.unknownPlace")}
                    {" · "}
                    {t("security.sessions.lastSeen", { date: formatDateTime(s.lastActiveAt, i18n.language) })}
                  </span>
                </div>
                {s.current ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t("security.sessions.signOutSession", { device: device(s) })}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ sessionId: s.id })}
                  >
                    {t("security.sessions.signOut")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {sessions.data && others.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("security.sessions.empty")}</p>
        ) : null}
        {others.length > 0 ? (
          <Button
            className="self-start"
            variant="destructive"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            {t("security.sessions.signOutOthers")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
