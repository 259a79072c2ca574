import { Badge, Button, EmptyState, Skeleton } from "@fizio/ui";
import { Download, FileText, Plus, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { DocumentDialog } from "./document-dialog";

type Doc = ApiOutputs["records"]["documents"]["list"][number];
const POLL_MS = 2_000;

/** A patient's documents: generated in the background (the list refreshes until they are ready), downloaded, deleted by their author. */
export function DocumentsView({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const documents = trpc.records.documents.list.useQuery(
    { patientId },
    { refetchInterval: (query) => (query.state.data?.some((d) => d.status === "PENDING") ? POLL_MS : false) },
  );
  return (
    <div className="flex flex-col gap-4">
      <Button className="self-start" onClick={() => setCreating(true)}>
        <Plus aria-hidden />
        {t("clinical.newDocument")}
      </Button>
      {documents.error ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(documents.error, currentLocale())} />
      ) : documents.isPending ? (
        <Skeleton className="h-24" />
      ) : documents.data.length === 0 ? (
        <EmptyState icon={<FileText />} title={t("clinical.noDocuments")} />
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-live="polite">
          {documents.data.map((d) => (
            <li key={d.id}>
              <DocumentRow document={d} />
            </li>
          ))}
        </ul>
      )}
      <DocumentDialog patientId={patientId} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function DocumentRow({ document }: { document: Doc }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.records.documents.remove.useMutation({
    onSuccess: async () => {
      notify.success(t("clinical.documentDeleted"));
      setConfirming(false);
      await utils.records.documents.invalidate();
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const download = async () => {
    try {
      const { url } = await utils.records.documents.url.fetch({ id: document.id }, { staleTime: 0 });
      // The link says "attachment": the browser saves the PDF and stays on this page.
      if (url) window.location.assign(url);
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {document.name}
          <Badge color={document.status === "READY" ? "green" : "orange"}>
            {t(`clinical.documentStatus.${document.status}`)}
          </Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {t("clinical.createdBy", {
            name: document.author,
            date: formatDateTime(document.createdAt, i18n.language),
          })}
          {document.failing ? ` · ${t("clinical.retrying")}` : ""}
        </p>
      </div>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={document.status !== "READY"}
          aria-label={t("clinical.download", { name: document.name })}
          onClick={() => void download()}
        >
          <Download aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!document.mine}
          title={document.mine ? undefined : t("clinical.onlyAuthor")}
          aria-label={t("clinical.deleteDocument", { name: document.name })}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("clinical.deleteDocumentTitle")}
        description={t("clinical.deleteDocumentBody")}
        confirmLabel={t("clinical.deleteDocument", { name: "" }).trim()}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: document.id })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
