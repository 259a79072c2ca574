import { RTM_MIN_DATA_DAYS, RTM_SETUP_MIN_DATA_DAYS } from "@fizio/domain";
import { Badge, Button } from "@fizio/ui";
import { Activity } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { SectionCard } from "./section-card";

/**
 * Remote therapeutic monitoring (CPT 98975/98977/98980/98981): days with recorded activity and treatment minutes in
 * each 30-day period; an admin bills a finished period's earned codes.
 */
export function RtmCard({ patientId, admin }: { patientId: string; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const status = trpc.billing.rtm.status.useQuery({ patientId });
  const bill = trpc.billing.rtm.bill.useMutation({
    onSuccess: async ({ created }) => {
      notify.success(t("billing.rtm.billed", { count: created }));
      await Promise.all([utils.billing.rtm.invalidate(), utils.billing.entries.invalidate()]);
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const periods = status.data?.periods ?? [];
  return (
    <SectionCard id="rtm" title={t("billing.rtm.title")}>
      <p className="mb-3 text-sm text-muted-foreground">
        {t("billing.rtm.description", { days: RTM_MIN_DATA_DAYS, setupDays: RTM_SETUP_MIN_DATA_DAYS })}
      </p>
      {status.isPending ? (
        <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
      ) : periods.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Activity className="size-4" aria-hidden />
          {t("billing.rtm.empty")}
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {periods.map((p) => {
            const unbilled = p.codes.filter((c) => !p.billedCodes.includes(c.code));
            return (
              <li key={p.start} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {t("billing.rtm.period", {
                      from: formatDate(p.start, i18n.language),
                      to: formatDate(p.end, i18n.language),
                    })}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t("billing.rtm.counts", { days: p.dataDays, minutes: p.minutes })}
                    {!p.complete && p.daysToGo > 0
                      ? ` · ${t("billing.rtm.daysToGo", { count: p.daysToGo })}`
                      : ""}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {p.codes.length === 0 ? (
                      <Badge color="grey">{t("billing.rtm.nothingEarned")}</Badge>
                    ) : (
                      p.codes.map((c) => (
                        <Badge key={c.code} color={p.billedCodes.includes(c.code) ? "green" : "blue"}>
                          {c.units > 1 ? `${c.code} ×${c.units}` : c.code}
                          {p.billedCodes.includes(c.code) ? ` · ${t("billing.rtm.billedBadge")}` : ""}
                        </Badge>
                      ))
                    )}
                    {!p.complete ? <Badge color="grey">{t("billing.rtm.inProgress")}</Badge> : null}
                  </div>
                </div>
                {admin && p.complete && unbilled.length > 0 ? (
                  <Button
                    variant="outline"
                    disabled={bill.isPending}
                    onClick={() => bill.mutate({ patientId, periodStart: p.start })}
                  >
                    {t("billing.rtm.bill")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
