import { Button, Dialog, DialogContent, DialogHeader, DialogTitle, EmptyState, Skeleton } from "@fizio/ui";
import { ClipboardList, Plus, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { useTemplateEditor } from "../templates/use-template-editor";
import { AssignAssessmentForm } from "./assign-assessment-form";
import { NewPlanForm } from "./new-plan-form";
import { PlanEditorDialog } from "./plan-editor-dialog";
import { PlanRow } from "./plan-row";

// A roster patient has a handful of plans over their care; the newest 100 are plenty to act on here.
const PLANS_SHOWN = 100;

/**
 * A roster patient's treatment plans: open, edit, delete and status changes; a new plan by hand or from a
 * template; and an assessment to give the patient.
 */
export function PatientPlansDialog({
  patient,
  onClose,
}: {
  patient: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={patient !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.cancel")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("patientPlans.title", { name: patient?.name ?? "" })}</DialogTitle>
        </DialogHeader>
        {patient ? <PatientPlansPanel patientId={patient.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The patient's plans and what can be done with them, in the roster's dialog or a patient's chart. */
export function PatientPlansPanel({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const plans = trpc.plans.list.useQuery({ patientId, page: 1, pageSize: PLANS_SHOWN });
  const editor = useTemplateEditor();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="outline" onClick={editor.create}>
          <Plus aria-hidden />
          {t("patientPlans.newManual")}
        </Button>
      </div>
      {plans.isPending ? (
        <Skeleton className="h-24" aria-busy="true" />
      ) : plans.isError ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(plans.error, currentLocale())} />
      ) : plans.data.items.length === 0 ? (
        <EmptyState icon={<ClipboardList />} title={t("patientPlans.empty")} titleAs="h3" />
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {plans.data.items.map((plan) => (
            <PlanRow key={plan.id} plan={plan} onOpen={() => editor.edit(plan.id)} />
          ))}
        </ul>
      )}
      <NewPlanForm patientId={patientId} />
      <AssignAssessmentForm patientId={patientId} />
      <PlanEditorDialog patientId={patientId} planId={editor.id} open={editor.open} onClose={editor.close} />
    </div>
  );
}
