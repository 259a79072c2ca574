import {
  CODE_CSV_MAX_BYTES,
  type CodeKind,
  type CsvRowError,
  codeFields,
  DEFAULT_PAGE_SIZE,
  SERVICE_UNITS,
  type ServiceUnit,
} from "@fizio/domain";
import {
  Button,
  FormField,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Hash, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import type { Column } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { FormDialog } from "../shell/form-dialog";
import { PageHeader } from "../shell/page-header";
import { EditorFooter } from "../templates/editor-footer";
import { deleteOutcome, ParameterTable, RowActions } from "./parameter-list";
import { KIND_LABEL_KEYS } from "./parameter-set-page";

type Code = ApiOutputs["parameters"]["codes"]["list"]["items"][number];

/** /parameters/codes/<kind>: one code list, searched and paged, edited, and imported from CSV (super admin). */
export function CodesPage({ kind, search, onSearchChange }: { kind: CodeKind } & ListSearchProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const page = search.page ?? 1;
  const text = search.q ?? "";
  const [editing, setEditing] = useState<Code | "new" | null>(null);
  const [deleting, setDeleting] = useState<Code | null>(null);
  const [importing, setImporting] = useState(false);
  const list = trpc.parameters.codes.list.useQuery(
    { kind, page, pageSize: DEFAULT_PAGE_SIZE, search: text || undefined },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.parameters.codes.delete.useMutation(
    deleteOutcome(
      t,
      () => setDeleting(null),
      () => utils.parameters.codes.invalidate(),
    ),
  );
  const title = t(KIND_LABEL_KEYS[kind]);
  const columns: Column<Code>[] = [
    {
      key: "code",
      header: t("parameters.columns.code"),
      className: "whitespace-nowrap font-mono",
      cell: (c) => c.code,
    },
    { key: "description", header: t("parameters.columns.description"), cell: (c) => c.description },
    ...(kind === "SERVICES"
      ? [
          {
            key: "unit",
            header: t("parameters.columns.unit"),
            className: "whitespace-nowrap",
            cell: (c: Code) => (c.unit ? t(`parameters.units.${c.unit}`) : ""),
          },
        ]
      : []),
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      className: "w-px whitespace-nowrap text-right",
      cell: (c) => <RowActions name={c.code} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={title}
        description={t(`parameters.descriptions.${kind}`)}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden />
              {t("parameters.import.button")}
            </Button>
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              {t("parameters.addCode")}
            </Button>
          </div>
        }
      />
      <ParameterTable
        title={title}
        placeholder={t("parameters.codeSearchPlaceholder")}
        icon={<Hash />}
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
            : t("parameters.editTitle", { name: editing.code })
        }
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <CodeForm kind={kind} code={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </FormDialog>
      <FormDialog
        open={importing}
        title={t("parameters.import.title", { kind: title })}
        onClose={() => setImporting(false)}
        className="max-w-2xl"
      >
        {importing ? <ImportForm kind={kind} onDone={() => setImporting(false)} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("parameters.deleteTitle", { name: deleting?.code ?? "" })}
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

function CodeForm({ kind, code, onDone }: { kind: CodeKind; code: Code | null; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(codeFields, {
    defaultValues: {
      kind,
      code: code?.code ?? "",
      description: code?.description ?? "",
      unit: code?.unit ?? null,
    },
  });
  const done = async () => {
    notify.success(t("parameters.saved"));
    await utils.parameters.codes.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.parameters.codes.create.useMutation({ onSuccess: done, onError });
  const update = trpc.parameters.codes.update.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) =>
        code ? update.mutate({ ...values, id: code.id }) : create.mutate(values),
      )}
    >
      <FormField label={t("parameters.columns.code")} error={errors.code?.message}>
        <Input autoComplete="off" className="font-mono" {...form.register("code")} />
      </FormField>
      <FormField label={t("parameters.columns.description")} error={errors.description?.message}>
        <Input autoComplete="off" {...form.register("description")} />
      </FormField>
      {kind === "SERVICES" ? (
        <FormField label={t("parameters.columns.unit")} error={errors.unit?.message}>
          <SelectField<ServiceUnit>
            value={form.watch("unit") ?? undefined}
            onChange={(value) => form.setValue("unit", value, { shouldValidate: form.formState.isSubmitted })}
            options={SERVICE_UNITS.map((u) => ({ value: u, label: t(`parameters.units.${u}`) }))}
            placeholder={t("users.form.choose")}
          />
        </FormField>
      ) : null}
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}

/**
 * All or nothing (the spec: bad input changes nothing): the server checks every row, and when any is broken
 * it imports none and this lists every problem by row and column, in the reader's language.
 */
function ImportForm({ kind, onDone }: { kind: CodeKind; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<CsvRowError[]>([]);
  const run = trpc.parameters.codes.import.useMutation({
    onSuccess: async (result) => {
      setProblems(result.errors);
      if (result.errors.length > 0) return;
      notify.success(t("parameters.import.imported", { count: result.imported }));
      await utils.parameters.codes.invalidate();
      onDone();
    },
    onError: (error) => setFileError(apiErrorMessage(error, currentLocale())),
  });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblems([]);
    setFileError(null);
    if (!file) return setFileError(fizMessage("FIZ001", currentLocale()));
    if (file.size === 0) return setFileError(fizMessage("FIZ058", currentLocale()));
    if (file.size > CODE_CSV_MAX_BYTES)
      return setFileError(fizMessage("FIZ057", currentLocale(), { maxMb: CODE_CSV_MAX_BYTES / 1024 / 1024 }));
    run.mutate({ kind, csv: await file.text() });
  };
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-muted-foreground">
        {t("parameters.import.body", { unit: kind === "SERVICES" ? t("parameters.import.unitColumn") : "" })}
      </p>
      <FormField label={t("parameters.import.file")} error={fileError ?? undefined}>
        <Input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblems([]);
            setFileError(null);
          }}
        />
      </FormField>
      {problems.length > 0 ? (
        <div className="flex flex-col gap-2">
          <FormAlert message={t("parameters.import.failed")} />
          <div className="max-h-64 overflow-auto rounded border">
            <Table aria-label={t("parameters.import.errorsLabel")}>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-16">{t("parameters.import.row")}</TableHead>
                  <TableHead className="w-28">{t("parameters.import.column")}</TableHead>
                  <TableHead>{t("parameters.import.problem")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {problems.map((p) => (
                  <TableRow key={`${p.row}-${p.column}-${p.code}`}>
                    <TableCell className="tabular-nums">{p.row}</TableCell>
                    <TableCell className="font-mono">{p.column}</TableCell>
                    <TableCell>{fizMessage(p.code, currentLocale(), p.params)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? t("common.saving") : t("parameters.import.submit")}
        </Button>
      </div>
    </form>
  );
}
