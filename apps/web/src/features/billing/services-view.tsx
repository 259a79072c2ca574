import { DEFAULT_PAGE_SIZE, type FizCode, formatMoney, isAdminRole } from "@fizio/domain";
import { Badge, Button, Card, CardContent } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus, ReceiptText, RefreshCw, Settings2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { useSession } from "../session/use-session";
import { BillingSettingsDialog } from "./billing-settings-dialog";
import { FeeAdjustmentsCard } from "./fee-adjustments-card";
import { RtmCard } from "./rtm-card";
import { TransactionDialog } from "./transaction-dialog";

type Entry = ApiOutputs["billing"]["entries"]["list"]["items"][number];

/**
 * /records/services: what a patient was billed (completed services and monitoring periods), what they paid and
 * owe, their fee adjustments and their remote-monitoring status.
 */
export function ServicesView({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const admin = isAdminRole(useSession().data?.user?.role ?? "ROLE_PATIENT");
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState(false);
  const [editingSettings, setEditingSettings] = useState(false);
  const entries = trpc.billing.entries.list.useQuery(
    { patientId, page, pageSize: DEFAULT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const columns = useEntryColumns(admin);
  const data = entries.data;
  return (
    <div className="flex flex-col gap-5">
      {data ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
            <dl className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">{t("billing.paymentType")}</dt>
                <dd className="font-medium">{t(`billing.paymentTypes.${data.paymentType ?? "NONE"}`)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("billing.charged")}</dt>
                <dd className="font-medium tabular-nums">{money(data.chargedCents)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("billing.paid")}</dt>
                <dd className="font-medium tabular-nums">{money(data.paidCents)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("billing.balance")}</dt>
                <dd className="font-semibold tabular-nums">{money(data.balanceCents)}</dd>
              </div>
            </dl>
            {admin ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setEditingSettings(true)}>
                  <Settings2 aria-hidden />
                  {t("billing.settings.title")}
                </Button>
                <Button variant="outline" onClick={() => setPaying(true)}>
                  <Plus aria-hidden />
                  {t("billing.recordPayment")}
                </Button>
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="billed-services" className="flex flex-col gap-3">
        <h2 id="billed-services" className="text-lg font-semibold">
          {t("billing.servicesTitle")}
        </h2>
        <DataTable
          label={t("billing.servicesTitle")}
          columns={columns}
          data={data}
          loading={entries.isPending}
          empty={{
            icon: <ReceiptText />,
            title: t("billing.noEntries"),
            description: t("billing.noEntriesBody"),
          }}
          onPageChange={setPage}
          error={entries.error}
        />
      </section>
      <FeeAdjustmentsCard patientId={patientId} paymentType={data?.paymentType ?? null} />
      <RtmCard patientId={patientId} admin={admin} />
      {admin ? (
        <TransactionDialog open={paying} patientId={patientId} onClose={() => setPaying(false)} />
      ) : null}
      {admin && data ? (
        <BillingSettingsDialog
          open={editingSettings}
          patientId={patientId}
          current={{ paymentType: data.paymentType, enforcePaymentMethod: data.enforcePaymentMethod }}
          onClose={() => setEditingSettings(false)}
        />
      ) : null}
    </div>
  );
}

function useEntryColumns(admin: boolean): Column<Entry>[] {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const recompute = trpc.billing.entries.recompute.useMutation({
    onSuccess: async (row) => {
      if (row.status === "BILLED") notify.success(t("billing.recomputed"));
      else notify.error(fizMessage(row.errorCode as FizCode, currentLocale()));
      await utils.billing.entries.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const money = (cents: number | null) => (cents === null ? "–" : formatMoney(cents, i18n.language));
  return [
    {
      key: "date",
      header: t("billing.columns.date"),
      className: "whitespace-nowrap",
      cell: (e) => formatDate(e.serviceDate, i18n.language),
    },
    {
      key: "service",
      header: t("billing.columns.service"),
      cell: (e) => (
        <div className="min-w-0">
          <p className="font-medium">{e.serviceName}</p>
          <p className="text-xs text-muted-foreground">
            {e.serviceCode}
            {e.source === "RTM" ? ` · ${t("billing.rtm.short")}` : ""}
          </p>
        </div>
      ),
    },
    {
      key: "units",
      header: t("billing.columns.units"),
      priority: "low",
      className: "text-right tabular-nums",
      cell: (e) => e.units ?? "–",
    },
    {
      key: "amount",
      header: t("billing.columns.amount"),
      className: "text-right tabular-nums",
      cell: (e) => money(e.amountCents),
    },
    {
      key: "payer",
      header: t("billing.columns.payer"),
      priority: "low",
      className: "hidden md:table-cell",
      cell: (e) =>
        e.payer === "INSURANCE"
          ? (e.planName ?? t("billing.payers.INSURANCE"))
          : e.payer
            ? t("billing.payers.CASH")
            : "–",
    },
    {
      key: "status",
      header: t("billing.columns.status"),
      cell: (e) =>
        e.status === "BILLED" ? (
          <Badge color="green">{t("billing.entryStatuses.BILLED")}</Badge>
        ) : (
          <div className="flex flex-col items-start gap-1">
            <Badge color="red">{t("billing.entryStatuses.ERROR")}</Badge>
            <span className="text-xs text-destructive">
              {fizMessage((e.errorCode ?? "FIZ257") as FizCode, currentLocale())}
            </span>
            {admin ? (
              <Button
                size="sm"
                variant="outline"
                disabled={recompute.isPending}
                onClick={() => recompute.mutate({ entryId: e.id })}
                aria-label={t("billing.recomputeEntry", { service: e.serviceName })}
              >
                <RefreshCw aria-hidden />
                {t("billing.recompute")}
              </Button>
            ) : null}
          </div>
        ),
    },
  ];
}
