import { updateProgramInput } from "@fizio/domain";
import { Button, DialogFooter, FormField, Input } from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { TemplateDialog } from "../templates/template-dialog";
import { MessagesEditor } from "./messages-editor";
import { EngagementStatusBadge } from "./status-badge";

type Program = ApiOutputs["engagement"]["programs"]["get"];

/** A patient's program: its messages (sent ones read-only, FIZ224), stop, and delete while still planned. */
export function ProgramDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const stored = trpc.engagement.programs.get.useQuery({ id: id ?? "" }, { enabled: Boolean(id) });
  return (
    <TemplateDialog
      open={Boolean(id)}
      title={stored.data ? stored.data.name : t("engagement.programsTitle")}
      id={id}
      stored={stored}
      failedMessage={stored.error ? apiErrorMessage(stored.error, currentLocale()) : undefined}
      onClose={onClose}
    >
      {(data) =>
        data ? (
          <ProgramForm key={`${data.id}:${data.updatedAt.getTime()}`} program={data} onDone={onClose} />
        ) : null
      }
    </TemplateDialog>
  );
}

function ProgramForm({ program, onDone }: { program: Program; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirm, setConfirm] = useState<"stop" | "delete" | null>(null);
  const closed = program.status === "COMPLETED" || program.status === "CANCELLED";
  const form = useFizForm(updateProgramInput, {
    defaultValues: {
      id: program.id,
      name: program.name,
      messages: program.messages.map((m) => ({
        id: m.id,
        startDay: m.startDay,
        bodyEn: m.bodyEn,
        bodyEs: m.bodyEs,
        attachmentId: m.attachmentId,
        attachmentName: m.attachment?.name ?? null,
      })),
    },
  });
  const refresh = () => Promise.all([utils.engagement.invalidate(), utils.messages.invalidate()]);
  const { failure, onError, submit } = useServerFailure(form);
  const save = trpc.engagement.programs.update.useMutation({
    onSuccess: async () => {
      notify.success(t("engagement.programSaved"));
      await refresh();
      onDone();
    },
    onError,
  });
  const stop = trpc.engagement.programs.cancel.useMutation({
    onSuccess: async () => {
      notify.success(t("engagement.stopped"));
      setConfirm(null);
      await refresh();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const remove = trpc.engagement.programs.delete.useMutation({
    onSuccess: async () => {
      notify.success(t("engagement.programDeleted"));
      setConfirm(null);
      await refresh();
      onDone();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const sentAt = (i: number) =>
    program.messages.find((m) => m.id === form.getValues(`messages.${i}.id`))?.sentAt;
  const locked = (i: number) => {
    const at = sentAt(i);
    const message = program.messages.find((m) => m.id === form.getValues(`messages.${i}.id`));
    if (!at || !message)
      return closed ? <p className="text-sm">{form.getValues(`messages.${i}.bodyEn`)}</p> : undefined;
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium">
          {t("engagement.day", { day: message.startDay })} ·{" "}
          {t("engagement.sentOn", { when: formatDateTime(at, i18n.language) })}
        </p>
        <p className="whitespace-pre-wrap">{message.bodyEn}</p>
        <p className="text-xs text-muted-foreground">{t("engagement.sentLocked")}</p>
      </div>
    );
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        save.mutate(values);
      })}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <EngagementStatusBadge status={program.status} />
        <span className="text-muted-foreground">
          {t("engagement.startDate")}: {program.startDate} · {program.timeZone}
        </span>
      </div>
      <FormField label={t("engagement.programName")} error={form.formState.errors.name?.message}>
        <Input disabled={closed} {...form.register("name")} />
      </FormField>
      <MessagesEditor form={form} locked={locked} readOnly={closed} />
      <FormAlert message={failure} />
      <DialogFooter className="flex-wrap gap-2">
        {program.status === "PLANNED" ||
        (program.status === "CANCELLED" && !program.messages.some((m) => m.sentAt)) ? (
          <Button type="button" variant="destructive" onClick={() => setConfirm("delete")}>
            {t("engagement.deleteProgram")}
          </Button>
        ) : null}
        {closed ? null : (
          <Button type="button" variant="outline" onClick={() => setConfirm("stop")}>
            {t("engagement.stop")}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        {closed ? null : (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("common.saving") : t("engagement.save")}
          </Button>
        )}
      </DialogFooter>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "delete" ? t("engagement.deleteProgramTitle") : t("engagement.stopTitle")}
        description={confirm === "delete" ? t("engagement.deleteProgramBody") : t("engagement.stopBody")}
        confirmLabel={confirm === "delete" ? t("engagement.deleteProgram") : t("engagement.stop")}
        destructive
        pending={stop.isPending || remove.isPending}
        onConfirm={() =>
          confirm === "delete" ? remove.mutate({ id: program.id }) : stop.mutate({ id: program.id })
        }
        onCancel={() => setConfirm(null)}
      />
    </form>
  );
}
