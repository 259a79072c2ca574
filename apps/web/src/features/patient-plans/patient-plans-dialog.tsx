import { Dialog, DialogContent, DialogHeader, DialogTitle, EmptyState, Skeleton } from "@fizio/ui";
import { ClipboardList, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { NewPlanForm } from "./new-plan-form";
import { PlanRow } from "./plan-row";

// A roster patient has a handful of plans over their care; the newest 100 are plenty to act on here.
const PLANS_SHOWN = 100;

/** A roster patient's treatment plans: status changes, and a new plan from a template. */
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
        {patient ? <PlansBody patientId={patient.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PlansBody({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const plans = trpc.plans.list.useQuery({ patientId, page: 1, pageSize: PLANS_SHOWN });
  return (
    <div className="flex flex-col gap-4">
      {plans.isPending ? (
        <Skeleton className="h-24" aria-busy="true" />
      ) : plans.isError ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(plans.error, currentLocale())} />
      ) : plans.data.items.length === 0 ? (
        <EmptyState icon={<ClipboardList />} title={t("patientPlans.empty")} titleAs="h3" />
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {plans.data.items.map((plan) => (
            <PlanRow key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
      <NewPlanForm patientId={patientId} />
    </div>
  );
}
