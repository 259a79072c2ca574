import {
  type CodeKind,
  centsToInput,
  createParameterValueInput,
  DEFAULT_PAGE_SIZE,
  editedParameterValueFields,
  formatMoney,
  type ParameterSetKind,
  type ParameterValueFieldsInput,
  parameterSetKindSchema,
  parseMoney,
} from "@fizio/domain";
import { Badge, Button, FormField, Input, Textarea } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { ImageOff, ListPlus, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { MoneyField } from "../billing/money-field";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import type { Column } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { FormDialog } from "../shell/form-dialog";
import { PageHeader } from "../shell/page-header";
import { EditorFooter } from "../templates/editor-footer";
import { deleteOutcome, ParameterTable, RowActions } from "./parameter-list";
import { useImageUpload } from "./use-image-upload";

type Item = ApiOutputs["parameters"]["sets"]["list"]["items"][number];

/** Each kind's name, as the navigation shows it. */
export const KIND_LABEL_KEYS = {
  CREDENTIALS: "nav.credentials",
  TYPES: "nav.types",
  SPECIALTIES: "nav.specialties",
  ORGANIZATIONS: "nav.organizations",
  CLASSES: "nav.classes",
  TEXT_ACTIVITIES: "nav.textActivities",
  IMAGE_ACTIVITIES: "nav.imageActivities",
  PLAN_NAMES: "nav.planNames",
  PRICES: "nav.prices",
  CONDITIONS: "nav.conditions",
  MEDICATIONS: "nav.medications",
  PROCEDURES: "nav.procedures",
  SERVICES: "nav.services",
} as const satisfies Record<ParameterSetKind | CodeKind, string>;

/** /parameters/sets/<kind>: one set's values, searched and paged, added, edited and deleted (super admin). */
export function ParameterSetPage({
  kind,
  search,
  onSearchChange,
}: { kind: ParameterSetKind } & ListSearchProps) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const page = search.page ?? 1;
  const text = search.q ?? "";
  const [editing, setEditing] = useState<Item | "new" | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const list = trpc.parameters.sets.list.useQuery(
    { kind, page, pageSize: DEFAULT_PAGE_SIZE, search: text || undefined },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.parameters.sets.delete.useMutation(
    deleteOutcome(
      t,
      () => setDeleting(null),
      () => utils.parameters.sets.invalidate(),
    ),
  );
  const title = t(KIND_LABEL_KEYS[kind]);
  const columns: Column<Item>[] = [
    ...(kind === "IMAGE_ACTIVITIES"
      ? [
          {
            key: "image",
            header: t("parameters.columns.image"),
            className: "w-20",
            cell: (item: Item) => <Picture url={item.imageUrl} name={item.value} />,
          },
        ]
      : []),
    {
      key: "value",
      header: t("parameters.columns.value"),
      cell: (item) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {item.value}
          {item.isDefault ? <Badge color="blue">{t("parameters.defaultBadge")}</Badge> : null}
        </span>
      ),
    },
    ...(kind === "TEXT_ACTIVITIES"
      ? [
          {
            key: "text",
            header: t("parameters.columns.text"),
            cell: (item: Item) => <span className="line-clamp-2 text-muted-foreground">{item.text}</span>,
          },
        ]
      : []),
    ...(kind === "PRICES"
      ? [
          {
            key: "amount",
            header: t("parameters.columns.amount"),
            className: "text-right tabular-nums",
            cell: (item: Item) => formatMoney(item.amountCents ?? 0, i18n.language),
          },
        ]
      : []),
    ...(kind === "ORGANIZATIONS"
      ? [
          {
            key: "users",
            header: t("parameters.columns.users"),
            className: "text-right tabular-nums",
            cell: (item: Item) => item.users ?? 0,
          },
        ]
      : []),
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      className: "w-px whitespace-nowrap text-right",
      cell: (item) => (
        <RowActions name={item.value} onEdit={() => setEditing(item)} onDelete={() => setDeleting(item)} />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={title}
        description={t(`parameters.descriptions.${kind}`)}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            {t("parameters.add")}
          </Button>
        }
      />
      <ParameterTable
        title={title}
        placeholder={t("parameters.searchPlaceholder")}
        icon={<ListPlus />}
        columns={columns}
        query={list}
        search={search}
        onSearchChange={onSearchChange}
      />
      <FormDialog
        open={editing !== null}
        title={
          editing === "new" || editing === null
            ? t("parameters.addTitle", { kind: title })
            : t("parameters.editTitle", { name: editing.value })
        }
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <ValueForm kind={kind} item={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("parameters.deleteTitle", { name: deleting?.value ?? "" })}
        description={t("parameters.deleteBody")}
        confirmLabel={t("parameters.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ kind, id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

function Picture({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  if (!url)
    return (
      <span
        className="flex size-12 items-center justify-center rounded bg-muted"
        role="img"
        aria-label={t("parameters.image.none")}
      >
        <ImageOff className="size-5 text-muted-foreground" aria-hidden />
      </span>
    );
  return (
    <img
      src={url}
      alt={t("parameters.image.previewOf", { name })}
      className="size-12 rounded border object-cover"
      loading="lazy"
    />
  );
}

/**
 * One form for every set: the fields a kind does not use stay empty, a price's amount is typed as dollars, a
 * new picture is its upload's id (an edit may keep the picture it has); the domain's rules then judge it as the
 * API will.
 */
const valueFormOf = (editing: boolean) =>
  z
    .object({
      kind: parameterSetKindSchema,
      value: z.string(),
      text: z.string(),
      imageUploadId: z.string(),
      amountCents: z.string(),
    })
    .transform((v, ctx): ParameterValueFieldsInput => {
      const amount = v.kind === "PRICES" ? parseMoney(v.amountCents.trim()) : null;
      if (v.kind === "PRICES" && amount === null) {
        ctx.addIssue({
          code: "custom",
          path: ["amountCents"],
          message: v.amountCents.trim() ? "FIZ011" : "FIZ001",
        });
        return z.NEVER;
      }
      return { ...v, text: v.text || null, imageUploadId: v.imageUploadId || null, amountCents: amount };
    })
    .pipe(editing ? editedParameterValueFields : createParameterValueInput);
const newValueForm = valueFormOf(false);
const editedValueForm = valueFormOf(true);

function ValueForm({
  kind,
  item,
  onDone,
}: {
  kind: ParameterSetKind;
  item: Item | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(item ? editedValueForm : newValueForm, {
    defaultValues: {
      kind,
      value: item?.value ?? "",
      text: item?.text ?? "",
      imageUploadId: "",
      amountCents: item?.amountCents != null ? centsToInput(item.amountCents) : "",
    },
  });
  const image = useImageUpload((uploadId) =>
    form.setValue("imageUploadId", uploadId, { shouldValidate: form.formState.isSubmitted }),
  );
  const done = async () => {
    notify.success(t("parameters.saved"));
    await utils.parameters.sets.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.parameters.sets.create.useMutation({ onSuccess: done, onError });
  const update = trpc.parameters.sets.update.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors;
  const preview = image.previewUrl ?? item?.imageUrl ?? null;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) =>
        item ? update.mutate({ ...values, id: item.id }) : create.mutate(values),
      )}
    >
      <FormField label={t("parameters.columns.value")} error={errors.value?.message}>
        <Input autoComplete="off" {...form.register("value")} />
      </FormField>
      {kind === "TEXT_ACTIVITIES" ? (
        <FormField label={t("parameters.columns.text")} error={errors.text?.message}>
          <Textarea className="min-h-28" {...form.register("text")} />
        </FormField>
      ) : null}
      {kind === "IMAGE_ACTIVITIES" ? (
        <div className="flex flex-col gap-2">
          <FormField
            label={t("parameters.image.choose")}
            hint={image.busy ? t("parameters.image.uploading") : t("parameters.image.hint")}
            error={image.error ?? errors.imageUploadId?.message}
          >
            <Input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={image.busy}
              onChange={(event) => void image.upload(event.target.files?.[0])}
            />
          </FormField>
          {preview ? (
            <img
              src={preview}
              alt={t("parameters.image.previewOf", { name: form.watch("value") || item?.value || "" })}
              className="max-h-48 w-fit rounded border object-contain"
            />
          ) : null}
        </div>
      ) : null}
      {kind === "PRICES" ? (
        <MoneyField
          label={t("parameters.columns.amount")}
          error={errors.amountCents?.message}
          {...form.register("amountCents")}
        />
      ) : null}
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending || image.busy} onCancel={onDone} />
    </form>
  );
}
