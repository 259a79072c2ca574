import { centsToInput, formatMoney, moneyTextSchema, priceCentsSchema, priceFields } from "@fizio/domain";
import { Badge, Button, FormField, Input } from "@fizio/ui";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { type Column, DataTable } from "../lists/data-table";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { FormDialog } from "../shell/form-dialog";
import { PageHeader } from "../shell/page-header";
import { EditorFooter } from "../templates/editor-footer";
import { MoneyField } from "./money-field";
import { ServicesCard } from "./services-card";

type Price = ApiOutputs["billing"]["prices"]["list"][number];

/** /billing/prices: the Standard price and the others fee adjustments can apply (spec §3, §5). */
export function PricesPage() {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const prices = trpc.billing.prices.list.useQuery();
  const [editing, setEditing] = useState<Price | "new" | null>(null);
  const [deleting, setDeleting] = useState<Price | null>(null);
  const remove = trpc.billing.prices.delete.useMutation({
    onSuccess: async () => {
      notify.success(t("billing.priceDeleted"));
      setDeleting(null);
      await utils.billing.prices.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const columns: Column<Price>[] = [
    {
      key: "description",
      header: t("billing.columns.description"),
      cell: (p) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {p.description}
          {p.standard ? <Badge color="blue">{t("billing.standardBadge")}</Badge> : null}
        </span>
      ),
    },
    {
      key: "serviceCode",
      header: t("billing.columns.serviceCode"),
      cell: (p) =>
        p.serviceCode ? (
          <span className="font-mono">{p.serviceCode}</span>
        ) : (
          <span className="text-muted-foreground">{p.standard ? t("billing.anyOtherCode") : "—"}</span>
        ),
    },
    {
      key: "amount",
      header: t("billing.columns.amount"),
      className: "text-right tabular-nums",
      cell: (p) => formatMoney(p.amountCents, i18n.language),
    },
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      className: "w-px whitespace-nowrap text-right",
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setEditing(p)}
            aria-label={t("billing.editPriceOf", { name: p.description })}
          >
            <Pencil aria-hidden />
          </Button>
          {p.standard ? null : (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setDeleting(p)}
              aria-label={t("billing.deletePriceOf", { name: p.description })}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      ),
    },
  ];
  const items = prices.data ?? [];
  return (
    <>
      <PageHeader
        title={t("billing.pricesTitle")}
        description={t("billing.pricesDescription")}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            {t("billing.addPrice")}
          </Button>
        }
      />
      <DataTable
        label={t("billing.pricesTitle")}
        columns={columns}
        data={
          prices.data
            ? { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) }
            : undefined
        }
        loading={prices.isPending}
        empty={{ icon: <Tags />, title: t("billing.noPrices") }}
        onPageChange={() => undefined}
        error={prices.error}
      />
      <ServicesCard />
      <FormDialog
        open={editing !== null}
        title={editing === "new" ? t("billing.addPrice") : t("billing.editPrice")}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <PriceForm price={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("billing.deletePrice")}
        description={t("billing.deletePriceBody", { name: deleting?.description ?? "" })}
        confirmLabel={t("billing.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ priceId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** The select's value for a price that names no code (a select item's value cannot be empty). */
const NO_CODE = "NONE";

const priceForm = priceFields.extend({ amountCents: moneyTextSchema(priceCentsSchema) });

function PriceForm({ price, onDone }: { price: Price | null; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(priceForm, {
    defaultValues: {
      description: price?.description ?? "",
      amountCents: price ? centsToInput(price.amountCents) : "",
      serviceCode: price?.serviceCode ?? "",
    },
  });
  const services = trpc.parameters.codes.options.useQuery({ kind: "SERVICES" });
  const code = useController({ control: form.control, name: "serviceCode" }).field;
  const done = async () => {
    notify.success(t("billing.priceSaved"));
    await utils.billing.prices.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.billing.prices.create.useMutation({ onSuccess: done, onError });
  const update = trpc.billing.prices.update.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) =>
        price ? update.mutate({ priceId: price.id, ...values }) : create.mutate(values),
      )}
    >
      <FormField
        label={t("billing.columns.description")}
        error={errors.description?.message}
        hint={price?.standard ? t("billing.standardHint") : undefined}
      >
        <Input readOnly={price?.standard} {...form.register("description")} />
      </FormField>
      {price?.standard ? null : (
        <FormField
          label={t("billing.columns.serviceCode")}
          hint={t("billing.serviceCodeHint")}
          error={errors.serviceCode?.message}
        >
          <SelectField
            value={code.value || NO_CODE}
            onChange={(next) => code.onChange(next === NO_CODE ? "" : next)}
            options={[
              { value: NO_CODE, label: t("billing.noServiceCode") },
              ...(services.data ?? [])
                .filter((s) => s.unit)
                .map((s) => ({ value: s.code, label: `${s.code} · ${s.description}` })),
            ]}
          />
        </FormField>
      )}
      <MoneyField
        label={price?.serviceCode || code.value ? t("billing.unitAmount") : t("billing.columns.amount")}
        error={errors.amountCents?.message}
        {...form.register("amountCents")}
      />
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
