import { caseNoteFields } from "@fizio/domain";
import { FormField, Textarea } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";

const SECTIONS = ["subjective", "objective", "assessment", "plan"] as const;
const formSchema = z.object({ note: caseNoteFields });
type Note = z.infer<typeof caseNoteFields>;

/** A SOAP note: a new one, an addendum to a signed one, or an unsigned one being edited. */
export function CaseNoteDialog({
  patientId,
  editing,
  onClose,
}: {
  patientId: string;
  editing: { id?: string; addendumTo?: string; note?: Note } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = editing?.id
    ? t("clinical.editNote")
    : editing?.addendumTo
      ? t("clinical.addendumTitle")
      : t("clinical.newNote");
  return (
    <FormDialog open={editing !== null} title={title} onClose={onClose} className="max-w-2xl">
      {editing ? <NoteForm patientId={patientId} editing={editing} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function NoteForm({
  patientId,
  editing,
  onDone,
}: {
  patientId: string;
  editing: { id?: string; addendumTo?: string; note?: Note };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(formSchema, {
    defaultValues: { note: editing.note ?? { subjective: "", objective: "", assessment: "", plan: "" } },
  });
  const done = async () => {
    notify.success(t("clinical.noteSaved"));
    await utils.records.caseNotes.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.records.caseNotes.create.useMutation({ onSuccess: done, onError });
  const update = trpc.records.caseNotes.update.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors.note;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit(({ note }) => {
        if (editing.id) update.mutate({ id: editing.id, note });
        else create.mutate({ patientId, note, addendumTo: editing.addendumTo ?? null });
      })}
    >
      {SECTIONS.map((section) => (
        <FormField
          key={section}
          label={t(`clinical.${section}`)}
          error={(errors?.[section] ?? (section === "subjective" ? errors?.root : undefined))?.message}
        >
          <Textarea className="min-h-20" {...form.register(`note.${section}`)} />
        </FormField>
      ))}
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
