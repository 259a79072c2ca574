import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { TemplateDialog } from "../templates/template-dialog";
import { PlanEditorForm } from "./plan-editor-form";

/** Create a plan by hand (no planId), or view and edit one of the patient's plans (spec §3, §4). */
export function PlanEditorDialog({
  patientId,
  planId,
  open,
  onClose,
}: {
  patientId: string;
  planId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stored = trpc.plans.get.useQuery({ planId: planId ?? "" }, { enabled: open && Boolean(planId) });
  const title = planId
    ? t("patientPlans.editor.editTitle", { name: stored.data?.name ?? "" })
    : t("patientPlans.editor.newTitle");
  return (
    <TemplateDialog
      open={open}
      title={title}
      id={planId}
      stored={stored}
      failedMessage={stored.isError ? apiErrorMessage(stored.error, currentLocale()) : undefined}
      onClose={onClose}
    >
      {(plan) => (
        <PlanEditorForm key={planId ?? "new"} patientId={patientId} stored={plan} onDone={onClose} />
      )}
    </TemplateDialog>
  );
}
