import { type HistoryKind, historyEntryFields } from "@fizio/domain";
import { FormField, Input, Textarea } from "@fizio/ui";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";
import { emptyAsNull } from "../templates/form-values";

type Entry = ApiOutputs["records"]["medicalHistory"]["list"][number];
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const formSchema = z.object({ entry: historyEntryFields });

/** Add (no entry) or edit one medical-history entry; the fields follow its type. */
export function HistoryEntryDialog({
  patientId,
  entry,
  open,
  onClose,
}: {
  patientId: string;
  entry: Entry | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      title={entry ? t("clinical.editEntry") : t("clinical.addEntry")}
      onClose={onClose}
    >
      <EntryForm patientId={patientId} entry={entry} onDone={onClose} />
    </FormDialog>
  );
}

function EntryForm({
  patientId,
  entry,
  onDone,
}: {
  patientId: string;
  entry: Entry | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const conditions = trpc.parameters.codes.options.useQuery({ kind: "CONDITIONS" });
  const form = useFizForm(formSchema, {
    defaultValues: {
      entry: entry
        ? {
            kind: entry.kind,
            status: entry.status,
            code: entry.code,
            name: entry.name,
            dose: entry.dose,
            frequency: entry.frequency,
            prescribedBy: entry.prescribedBy,
            performedBy: entry.performedBy,
            startDate: entry.startDate,
            endDate: entry.endDate,
            notes: entry.notes,
          }
        : {
            kind: "MEDICATION",
            status: "CURRENT",
            code: "",
            name: "",
            dose: "",
            frequency: "",
            prescribedBy: "",
            performedBy: "",
            startDate: null,
            endDate: null,
            notes: "",
          },
    },
  });
  const done = async () => {
    notify.success(t("clinical.saved"));
    await utils.records.medicalHistory.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.records.medicalHistory.create.useMutation({ onSuccess: done, onError });
  const update = trpc.records.medicalHistory.update.useMutation({ onSuccess: done, onError });
  const kind = form.watch("entry.kind") as HistoryKind;
  const status = form.watch("entry.status");
  // Fields the chosen type or status does not show are emptied, so nothing hidden fails validation (FIZ007).
  useEffect(() => {
    const clear = (field: "code" | "name" | "dose" | "frequency" | "prescribedBy" | "performedBy") =>
      form.setValue(`entry.${field}`, "");
    if (kind !== "CONDITION") clear("code");
    else clear("name");
    if (kind !== "MEDICATION") for (const f of ["dose", "frequency", "prescribedBy"] as const) clear(f);
    if (kind !== "PROCEDURE") clear("performedBy");
  }, [form, kind]);
  useEffect(() => {
    if (status === "CURRENT") form.setValue("entry.endDate", null);
  }, [form, status]);
  const e = form.formState.errors.entry;
  const changed = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const date = { setValueAs: emptyAsNull };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (entry) update.mutate({ id: entry.id, entry: values.entry, timeZone });
        else create.mutate({ patientId, entry: values.entry, timeZone });
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("clinical.kind")} error={e?.kind?.message}>
          <SelectField
            disabled={Boolean(entry)}
            value={kind}
            options={(["CONDITION", "MEDICATION", "PROCEDURE"] as const).map((k) => ({
              value: k,
              label: t(`clinical.kinds.${k}`),
            }))}
            onChange={(next) => form.setValue("entry.kind", next, changed)}
          />
        </FormField>
        <FormField label={t("clinical.status")} error={e?.status?.message}>
          <SelectField
            value={status}
            options={(["CURRENT", "PAST"] as const).map((s) => ({
              value: s,
              label: t(`clinical.statuses.${s}`),
            }))}
            onChange={(next) => form.setValue("entry.status", next, changed)}
          />
        </FormField>
      </div>
      {kind === "CONDITION" ? (
        <FormField label={t("clinical.condition")} error={e?.code?.message}>
          <SelectField
            value={form.watch("entry.code") ?? undefined}
            placeholder={t("clinical.chooseCondition")}
            options={(conditions.data ?? []).map((c) => ({
              value: c.code,
              label: `${c.description} (${c.code})`,
            }))}
            onChange={(next) => form.setValue("entry.code", next, changed)}
          />
        </FormField>
      ) : (
        <FormField label={t("clinical.name")} error={e?.name?.message}>
          <Input {...form.register("entry.name")} />
        </FormField>
      )}
      {kind === "MEDICATION" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t("clinical.dose")} error={e?.dose?.message}>
            <Input {...form.register("entry.dose")} />
          </FormField>
          <FormField label={t("clinical.frequency")} error={e?.frequency?.message}>
            <Input {...form.register("entry.frequency")} />
          </FormField>
          <FormField label={t("clinical.prescribedBy")} error={e?.prescribedBy?.message}>
            <Input {...form.register("entry.prescribedBy")} />
          </FormField>
        </div>
      ) : null}
      {kind === "PROCEDURE" ? (
        <FormField label={t("clinical.performedBy")} error={e?.performedBy?.message}>
          <Input {...form.register("entry.performedBy")} />
        </FormField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("clinical.startDate")} error={e?.startDate?.message}>
          <Input type="date" {...form.register("entry.startDate", date)} />
        </FormField>
        {status === "PAST" ? (
          <FormField label={t("clinical.endDate")} error={e?.endDate?.message}>
            <Input type="date" {...form.register("entry.endDate", date)} />
          </FormField>
        ) : null}
      </div>
      <FormField label={t("clinical.notes")} error={e?.notes?.message}>
        <Textarea className="min-h-20" {...form.register("entry.notes")} />
      </FormField>
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
