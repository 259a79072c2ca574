import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/** Patients shown on the home card; the rest are one click away on their records. */
const SHOWN = 8;

/** Remote monitoring at a glance on the provider's home: where each patient's current 30-day period stands. */
export function RtmOverviewCard() {
  const { t } = useTranslation();
  const overview = trpc.billing.rtm.overview.useQuery();
  const patients = overview.data?.patients ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("billing.rtm.title")}</CardTitle>
        <CardDescription>{t("billing.rtm.overviewDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {overview.isPending ? (
          <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
        ) : patients.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("billing.rtm.empty")}</p>
        ) : (
          <ul className="divide-y">
            {patients.slice(0, SHOWN).map(({ patientId, name, period }) => (
              <li key={patientId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link
                    to="/records/services"
                    search={{ patient: patientId }}
                    className="font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t("billing.rtm.counts", { days: period.dataDays, minutes: period.minutes })}
                  </p>
                </div>
                {period.codes.length > 0 ? (
                  <Badge color="green">{period.codes.map((c) => c.code).join(", ")}</Badge>
                ) : (
                  <Badge color="grey">{t("billing.rtm.daysToGo", { count: period.daysToGo })}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
        {patients.length > SHOWN ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {t("billing.rtm.more", { shown: SHOWN, total: patients.length })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
