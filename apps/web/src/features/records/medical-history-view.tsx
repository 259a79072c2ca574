import { type HistoryEntryFields, historyEntryTitle } from "@fizio/domain";
import { Badge, Button, Card, CardContent, EmptyState, Skeleton } from "@fizio/ui";
import { Pencil, Plus, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { HistoryEntryDialog } from "./history-entry-dialog";

type Entry = ApiOutputs["records"]["medicalHistory"]["list"][number];

/**
 * A patient's medical history, current and past. Staff change any entry; a patient changes the entries they
 * added (the care team's show who added them).
 */
export function MedicalHistoryView({ patientId, staff }: { patientId: string; staff: boolean }) {
  const { t } = useTranslation();
  const entries = trpc.records.medicalHistory.list.useQuery({ patientId });
  const [editing, setEditing] = useState<{ entry: Entry | null } | null>(null);
  if (entries.error)
    return <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(entries.error, currentLocale())} />;
  const all = entries.data ?? [];
  const section = (status: "CURRENT" | "PAST") => {
    const rows = all.filter((e) => e.status === status);
    const title = status === "CURRENT" ? t("clinical.current") : t("clinical.past");
    return (
      <section aria-label={title} className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {entries.isPending ? (
          <Skeleton className="h-20" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {status === "CURRENT" ? t("clinical.noCurrent") : t("clinical.noPast")}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {rows.map((entry) => (
              <li key={entry.id}>
                <EntryCard
                  entry={entry}
                  canChange={staff || entry.mine}
                  onEdit={() => setEditing({ entry })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };
  return (
    <div className="flex flex-col gap-6">
      <Button className="self-start" onClick={() => setEditing({ entry: null })}>
        <Plus aria-hidden />
        {t("clinical.addEntry")}
      </Button>
      {section("CURRENT")}
      {section("PAST")}
      <HistoryEntryDialog
        patientId={patientId}
        entry={editing?.entry ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function EntryCard({ entry, canChange, onEdit }: { entry: Entry; canChange: boolean; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.records.medicalHistory.remove.useMutation({
    onSuccess: async () => {
      notify.success(t("clinical.removed"));
      setConfirming(false);
      await utils.records.medicalHistory.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const title = historyEntryTitle(entry);
  const date = (d: string | null) => (d ? formatDate(d, i18n.language) : "");
  const details = [
    entry.dose,
    entry.frequency,
    entry.prescribedBy && `${t("clinical.prescribedBy")}: ${entry.prescribedBy}`,
    entry.performedBy && `${t("clinical.performedBy")}: ${entry.performedBy}`,
    entry.endDate
      ? t("clinical.fromTo", { from: date(entry.startDate) || "…", to: date(entry.endDate) })
      : entry.startDate && t("clinical.since", { date: date(entry.startDate) }),
  ].filter(Boolean);
  return (
    <Card>
      <CardContent className="flex flex-wrap items-start justify-between gap-2 p-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{title}</span>
            <Badge
              color={entry.kind === "CONDITION" ? "purple" : entry.kind === "MEDICATION" ? "blue" : "aqua"}
            >
              {t(`clinical.kinds.${entry.kind as HistoryEntryFields["kind"]}`)}
            </Badge>
          </div>
          {details.length ? <p className="text-sm text-muted-foreground">{details.join(" · ")}</p> : null}
          {entry.notes ? <p className="mt-1 whitespace-pre-wrap text-sm">{entry.notes}</p> : null}
          {!canChange ? <p className="mt-1 text-xs text-muted-foreground">{t("clinical.addedBy")}</p> : null}
        </div>
        {canChange ? (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("clinical.edit", { name: title })}
              onClick={onEdit}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("clinical.removeEntry", { name: title })}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t("clinical.removeTitle")}
        description={t("clinical.removeBody")}
        confirmLabel={t("clinical.removeEntry", { name: "" }).trim()}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: entry.id })}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
