import { isFinalPlanStatus, PLAN_TRANSITIONS } from "@fizio/domain";
import { Badge, type BadgeColor, Button } from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { ProgressActivityDialog } from "../forms/progress-activity-dialog";
import { TemplateRowActions } from "../templates/template-row-actions";

type Plan = ApiOutputs["plans"]["list"]["items"][number];

const STATUS_COLOR: Record<Plan["status"], BadgeColor> = {
  DRAFT: "grey",
  CURRENT: "green",
  COMPLETED: "blue",
  TERMINATED: "orange",
  CANCELLED: "red",
};

/**
 * A plan with the status changes the state machine allows from where it is (FIZ232/FIZ219 shown when refused),
 * opening it, and deleting it unless completed (FIZ220).
 */
export function PlanRow({ plan, onOpen }: { plan: Plan; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  const [progressing, setProgressing] = useState(false);
  const transition = trpc.plans.transition.useMutation({
    onSuccess: () => {
      setFailure(null);
      notify.success(t("patientPlans.statusChanged"));
      void utils.plans.list.invalidate({ patientId: plan.patientId });
    },
    onError: (error) => setFailure(apiErrorMessage(error, currentLocale())),
  });
  const remove = trpc.plans.delete.useMutation({
    onSuccess: () => utils.plans.list.invalidate({ patientId: plan.patientId }),
  });
  return (
    <li className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{plan.name}</span>
        <div className="flex items-center gap-2">
          <Badge color={STATUS_COLOR[plan.status]}>{t(`patientPlans.statuses.${plan.status}`)}</Badge>
          <TemplateRowActions
            name={plan.name}
            onEdit={onOpen}
            onDelete={() => remove.mutateAsync({ planId: plan.id })}
            undeletable={plan.status === "COMPLETED" ? "FIZ220" : undefined}
            texts={{
              edit: t("patientPlans.openPlan", { name: plan.name }),
              deleteTitle: t("patientPlans.deletion.title"),
              deleteBody: t("patientPlans.deletion.body", { name: plan.name }),
              deleted: t("patientPlans.deletion.done"),
            }}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {`${formatDate(plan.firstSessionDate, i18n.language)} – ${formatDate(plan.lastSessionDate, i18n.language)}`}
      </p>
      {PLAN_TRANSITIONS[plan.status].length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {isFinalPlanStatus(plan.status) ? null : (
            <Button
              size="sm"
              aria-label={t("planProgress.title", { name: plan.name })}
              onClick={() => setProgressing(true)}
            >
              {t("planProgress.action")}
            </Button>
          )}
          {PLAN_TRANSITIONS[plan.status].map((status) => (
            <Button
              key={status}
              size="sm"
              variant="outline"
              disabled={transition.isPending}
              onClick={() => transition.mutate({ planId: plan.id, status })}
            >
              {t(`patientPlans.moveTo.${status}`)}
            </Button>
          ))}
        </div>
      ) : null}
      <FormAlert message={failure} />
      <ProgressActivityDialog planId={plan.id} open={progressing} onClose={() => setProgressing(false)} />
    </li>
  );
}
