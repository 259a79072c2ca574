import { Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/** While a copy is being made the list is asked again every few seconds, so Download appears without a reload. */
const POLL_MS = 4_000;

/** Profile → Download my data (right of access): a zip of the patient's record, documents and recordings. */
export function MyDataCard() {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const exports = trpc.profile.dataExport.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === "PENDING") ? POLL_MS : false),
  });
  const onError = (error: unknown) => notify.error(apiErrorMessage(error, currentLocale()));
  const request = trpc.profile.dataExport.request.useMutation({
    onSuccess: () => utils.profile.dataExport.list.invalidate(),
    onError,
  });
  const download = trpc.profile.dataExport.download.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError,
  });
  const pending = exports.data?.some((e) => e.status === "PENDING") ?? false;
  return (
    <Card id="my-data">
      <CardHeader>
        <CardTitle>{t("profile.myDataTitle")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("profile.myDataDescription")}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button
          className="self-start"
          disabled={pending || request.isPending}
          onClick={() => request.mutate()}
        >
          {pending ? t("profile.myDataPreparing") : t("profile.myDataRequest")}
        </Button>
        {exports.data && exports.data.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t("profile.myDataCopies")} aria-live="polite">
            {exports.data.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span>
                  {t("profile.myDataAsked", { date: formatDateTime(e.createdAt, i18n.language) })}
                  {" · "}
                  {e.status === "READY" && e.expiresAt
                    ? t("profile.myDataReady", { date: formatDateTime(e.expiresAt, i18n.language) })
                    : t(`profile.myDataStatus.${e.status}`)}
                </span>
                {e.status === "READY" ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={download.isPending}
                    onClick={() => download.mutate({ id: e.id })}
                  >
                    {t("profile.myDataDownload")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
