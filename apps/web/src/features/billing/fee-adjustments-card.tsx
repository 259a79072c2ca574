import { addDays, createFeeAdjustmentInput, formatMoney, type PaymentType } from "@fizio/domain";
import { Badge, Button, FormField, Input } from "@fizio/ui";
import { CalendarRange, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";
import { SectionCard } from "./section-card";

type Adjustment = ApiOutputs["billing"]["feeAdjustments"]["list"]["items"][number];
const PHASE_COLORS = { FUTURE: "blue", STARTED: "green", ENDED: "grey" } as const;

/** The price adjustment screen (spec §2): a cash patient's other prices over spans of days. */
export function FeeAdjustmentsCard({
  patientId,
  paymentType,
}: {
  patientId: string;
  paymentType: PaymentType | null;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const list = trpc.billing.feeAdjustments.list.useQuery({ patientId });
  const [editing, setEditing] = useState<Adjustment | "new" | null>(null);
  const [deleting, setDeleting] = useState<Adjustment | null>(null);
  const remove = trpc.billing.feeAdjustments.delete.useMutation({
    onSuccess: async () => {
      notify.success(t("billing.adjustments.deleted"));
      setDeleting(null);
      await utils.billing.feeAdjustments.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const cash = paymentType === "CASH";
  const items = list.data?.items ?? [];
  return (
    <SectionCard id="fee-adjustments" title={t("billing.adjustments.title")}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            {cash ? t("billing.adjustments.description") : t("billing.adjustments.cashOnly")}
          </p>
          {cash ? (
            <Button variant="outline" onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              {t("billing.adjustments.add")}
            </Button>
          ) : null}
        </div>
        {list.isPending ? (
          <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
        ) : items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarRange className="size-4" aria-hidden />
            {t("billing.adjustments.empty")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {a.priceDescription} ·{" "}
                    <span className="tabular-nums">{formatMoney(a.amountCents, i18n.language)}</span>
                    <Badge color={PHASE_COLORS[a.phase]}>{t(`billing.adjustments.phases.${a.phase}`)}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {a.endDate
                      ? t("billing.adjustments.range", {
                          from: formatDate(a.startDate, i18n.language),
                          to: formatDate(a.endDate, i18n.language),
                        })
                      : t("billing.adjustments.openRange", { from: formatDate(a.startDate, i18n.language) })}
                  </p>
                </div>
                <div className="flex gap-1">
                  {a.phase !== "ENDED" ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setEditing(a)}
                      aria-label={t("billing.adjustments.edit")}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  ) : null}
                  {a.phase === "FUTURE" ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setDeleting(a)}
                      aria-label={t("billing.adjustments.delete")}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormDialog
        open={editing !== null}
        title={editing === "new" ? t("billing.adjustments.add") : t("billing.adjustments.edit")}
        onClose={() => setEditing(null)}
      >
        {editing && list.data ? (
          <AdjustmentForm
            patientId={patientId}
            today={list.data.today}
            adjustment={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("billing.adjustments.deleteTitle")}
        description={t("billing.adjustments.deleteBody")}
        confirmLabel={t("billing.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ adjustmentId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

function AdjustmentForm({
  patientId,
  today,
  adjustment,
  onDone,
}: {
  patientId: string;
  today: string;
  adjustment: Adjustment | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const prices = trpc.billing.prices.list.useQuery();
  const started = adjustment?.phase === "STARTED";
  const form = useFizForm(createFeeAdjustmentInput, {
    defaultValues: {
      patientId,
      priceId: adjustment?.priceId ?? "",
      startDate: adjustment?.startDate ?? today,
      endDate: adjustment?.endDate ?? addDays(today, 29),
    },
  });
  const done = async () => {
    notify.success(t("billing.adjustments.saved"));
    await utils.billing.feeAdjustments.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.billing.feeAdjustments.create.useMutation({ onSuccess: done, onError });
  const update = trpc.billing.feeAdjustments.update.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors;
  const options = (prices.data ?? [])
    .filter((p) => !p.standard)
    .map((p) => ({ value: p.id, label: `${p.description} · ${formatMoney(p.amountCents, i18n.language)}` }));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit(({ patientId: _patient, ...change }) =>
        adjustment
          ? update.mutate({ adjustmentId: adjustment.id, ...change })
          : create.mutate({ patientId, ...change }),
      )}
    >
      {started ? (
        <p className="text-sm text-muted-foreground">{t("billing.adjustments.endOnlyHint")}</p>
      ) : null}
      <FormField label={t("billing.adjustments.price")} error={errors.priceId?.message}>
        <SelectField
          value={form.watch("priceId") || undefined}
          onChange={(priceId) =>
            form.setValue("priceId", priceId, { shouldValidate: form.formState.isSubmitted })
          }
          disabled={started}
          placeholder={t("billing.adjustments.choosePrice")}
          options={options}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("billing.adjustments.start")} error={errors.startDate?.message}>
          <Input type="date" min={today} readOnly={started} {...form.register("startDate")} />
        </FormField>
        <FormField
          label={t("billing.adjustments.end")}
          error={errors.endDate?.message}
          hint={t("billing.adjustments.endHint")}
        >
          <Input
            type="date"
            min={today}
            {...form.register("endDate", { setValueAs: (v: string) => v || null })}
          />
        </FormField>
      </div>
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
