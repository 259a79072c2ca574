import {
  checkPaymentCard,
  formatMoney,
  moneyTextSchema,
  PAYMENT_METHODS,
  type PaymentMethod,
  transactionCentsSchema,
  transactionFields,
} from "@fizio/domain";
import { FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { PatientSelect } from "../lists/patient-picker";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";
import { MoneyField } from "./money-field";

const paymentForm = transactionFields
  .extend({ amountCents: moneyTextSchema(transactionCentsSchema) })
  .superRefine(checkPaymentCard);

/** Record a payment: cash at the desk, or a charge to one of the patient's cards (spec §5 rules shown inline). */
export function TransactionDialog({
  open,
  patientId,
  onClose,
}: {
  open: boolean;
  patientId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} title={t("billing.recordPayment")} onClose={onClose}>
      <PaymentForm patientId={patientId} onDone={onClose} />
    </FormDialog>
  );
}

function PaymentForm({ patientId, onDone }: { patientId?: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(paymentForm, {
    defaultValues: { patientId: patientId ?? "", amountCents: "", method: "CASH", note: "" },
  });
  const chosen = form.watch("patientId");
  const method = form.watch("method");
  const summary = trpc.billing.transactions.patientSummary.useQuery(
    { patientId: chosen },
    { enabled: /^[0-9a-f-]{36}$/.test(chosen) },
  );
  const { failure, onError, submit } = useServerFailure(form);
  const record = trpc.billing.transactions.record.useMutation({
    onSuccess: async (row) => {
      if (row.status === "FAILED") notify.error(t("billing.paymentFailed"));
      else notify.success(t("billing.paymentRecorded"));
      await Promise.all([utils.billing.transactions.invalidate(), utils.billing.entries.invalidate()]);
      onDone();
    },
    onError,
  });
  const usableCards = (summary.data?.cards ?? []).filter((c) => !c.expired);
  const insured = summary.data?.paymentType === "INSURANCE";
  const errors = form.formState.errors;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) =>
        record.mutate({ ...values, cardId: values.method === "CARD" ? values.cardId : undefined }),
      )}
    >
      {patientId ? null : (
        <FormField label={t("billing.columns.patient")} error={errors.patientId?.message}>
          <PatientSelect
            value={chosen}
            onChange={(next) =>
              form.setValue("patientId", next, { shouldValidate: form.formState.isSubmitted })
            }
          />
        </FormField>
      )}
      {summary.data ? (
        <dl
          className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-3"
          aria-live="polite"
        >
          <div>
            <dt className="text-muted-foreground">{t("billing.paymentType")}</dt>
            <dd className="font-medium">{t(`billing.paymentTypes.${summary.data.paymentType ?? "NONE"}`)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("billing.charged")}</dt>
            <dd className="font-medium tabular-nums">{money(summary.data.chargedCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("billing.balance")}</dt>
            <dd className="font-medium tabular-nums">{money(summary.data.balanceCents)}</dd>
          </div>
        </dl>
      ) : null}
      <MoneyField
        label={t("billing.columns.amount")}
        error={errors.amountCents?.message}
        {...form.register("amountCents")}
      />
      <FormField
        label={t("billing.columns.method")}
        error={errors.method?.message}
        hint={insured ? t("billing.insuredNoCash") : undefined}
      >
        <SelectField<PaymentMethod>
          value={method}
          onChange={(next) => form.setValue("method", next, { shouldValidate: form.formState.isSubmitted })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billing.methods.${m}`) }))}
        />
      </FormField>
      {method === "CARD" ? (
        <FormField
          label={t("billing.columns.card")}
          error={errors.cardId?.message}
          hint={
            summary.data && !summary.data.cardsEnabled
              ? t("billing.cards.disabled")
              : usableCards.length === 0
                ? t("billing.noCards")
                : undefined
          }
        >
          <SelectField
            value={form.watch("cardId")}
            onChange={(cardId) =>
              form.setValue("cardId", cardId, { shouldValidate: form.formState.isSubmitted })
            }
            placeholder={t("billing.chooseCard")}
            options={usableCards.map((c) => ({
              value: c.id,
              label: t("billing.cardEnding", { brand: c.brand, last4: c.last4 }),
            }))}
          />
        </FormField>
      ) : null}
      <FormField label={t("billing.columns.note")} error={errors.note?.message}>
        <Input {...form.register("note")} />
      </FormField>
      <FormAlert message={failure} />
      <EditorFooter pending={record.isPending} onCancel={onDone} />
    </form>
  );
}
