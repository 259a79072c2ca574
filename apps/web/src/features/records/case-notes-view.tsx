import { Badge, Button, Card, CardContent, EmptyState, Skeleton } from "@fizio/ui";
import { FileText, Pencil, Plus, Signature, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { CaseNoteDialog } from "./case-note-dialog";

type Note = ApiOutputs["records"]["caseNotes"]["list"][number];
const SECTIONS = ["subjective", "objective", "assessment", "plan"] as const;

/** A patient's case notes, newest first; providers write, edit their drafts, sign, and add addenda. */
export function CaseNotesView({ patientId, canWrite }: { patientId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const notes = trpc.records.caseNotes.list.useQuery({ patientId });
  const [editing, setEditing] = useState<{ id?: string; addendumTo?: string; note?: Note } | null>(null);
  if (notes.error)
    return <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(notes.error, currentLocale())} />;
  return (
    <div className="flex flex-col gap-4">
      {canWrite ? (
        <Button className="self-start" onClick={() => setEditing({})}>
          <Plus aria-hidden />
          {t("clinical.newNote")}
        </Button>
      ) : null}
      {notes.isPending ? (
        <Skeleton className="h-32" />
      ) : notes.data.length === 0 ? (
        <EmptyState icon={<FileText />} title={t("clinical.noNotes")} />
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.data.map((note) => (
            <li key={note.id}>
              <NoteCard
                note={note}
                parent={notes.data.find((n) => n.id === note.addendumTo)}
                canWrite={canWrite}
                onEdit={() => setEditing({ id: note.id, note })}
                onAddendum={() => setEditing({ addendumTo: note.id })}
              />
            </li>
          ))}
        </ul>
      )}
      <CaseNoteDialog patientId={patientId} editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function NoteCard({
  note,
  parent,
  canWrite,
  onEdit,
  onAddendum,
}: {
  note: Note;
  parent: Note | undefined;
  canWrite: boolean;
  onEdit: () => void;
  onAddendum: () => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const sign = trpc.records.caseNotes.sign.useMutation({
    onSuccess: async () => {
      notify.success(t("clinical.signed"));
      setConfirming(false);
      await utils.records.caseNotes.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const author = [`${note.author.firstName} ${note.author.lastName}`, note.author.credential]
    .filter(Boolean)
    .join(", ");
  const heading = parent
    ? t("clinical.addendumOf", { date: formatDateTime(parent.createdAt, i18n.language) })
    : formatDateTime(note.createdAt, i18n.language);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="font-semibold">{heading}</h2>
            <p className="text-xs text-muted-foreground">
              {note.signedAt
                ? t("clinical.signedBy", { name: author, date: formatDateTime(note.signedAt, i18n.language) })
                : t("clinical.writtenBy", {
                    name: author,
                    date: formatDateTime(note.createdAt, i18n.language),
                  })}
            </p>
          </div>
          {note.signedAt ? null : <Badge color="orange">{t("clinical.draft")}</Badge>}
        </div>
        <dl className="grid gap-2 sm:grid-cols-2">
          {SECTIONS.filter((s) => note[s]).map((s) => (
            <div key={s}>
              <dt className="text-xs font-semibold uppercase text-muted-foreground">{t(`clinical.${s}`)}</dt>
              <dd className="whitespace-pre-wrap text-sm">{note[s]}</dd>
            </div>
          ))}
        </dl>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            {note.editable ? (
              <>
                <Button variant="outline" size="sm" onClick={onEdit}>
                  <Pencil aria-hidden />
                  {t("clinical.editNote")}
                </Button>
                <Button size="sm" onClick={() => setConfirming(true)}>
                  <Signature aria-hidden />
                  {t("clinical.sign")}
                </Button>
              </>
            ) : null}
            {note.signedAt && !note.addendumTo ? (
              <Button variant="outline" size="sm" onClick={onAddendum}>
                <Plus aria-hidden />
                {t("clinical.addendum")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t("clinical.signTitle")}
        description={t("clinical.signBody")}
        confirmLabel={t("clinical.sign")}
        pending={sign.isPending}
        onConfirm={() => sign.mutate({ id: note.id })}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
