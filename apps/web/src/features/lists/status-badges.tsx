import type { AccessStatus, ActivityState, CareStage } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";

const ACCESS_COLOR: Record<AccessStatus, BadgeColor> = {
  ACTIVE: "green",
  INACTIVE: "grey",
  NEEDS_REFERRAL: "darkOrange",
};

const CARE_STAGE_COLOR: Record<CareStage, BadgeColor> = {
  NEW: "blue",
  ASSESSMENT: "purple",
  TREATMENT: "aqua",
  COMPLETED: "green",
  TERMINATED: "red",
};

export function AccessStatusBadge({ status }: { status: AccessStatus }) {
  const { t } = useTranslation();
  return <Badge color={ACCESS_COLOR[status]}>{t(`accessStatus.${status}`)}</Badge>;
}

export function CareStageBadge({ stage }: { stage: CareStage | null }) {
  const { t } = useTranslation();
  if (!stage) return <span className="text-muted-foreground">-</span>;
  return <Badge color={CARE_STAGE_COLOR[stage]}>{t(`careStage.${stage}`)}</Badge>;
}

export function EnabledBadge({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return disabled ? (
    <Badge color="grey">{t("users.disabled")}</Badge>
  ) : (
    <Badge color="green">{t("users.enabled")}</Badge>
  );
}

const ACTIVITY_STATE_COLOR: Record<ActivityState, BadgeColor> = {
  NOT_STARTED: "grey",
  IN_PROGRESS: "blue",
  DONE: "green",
  PARTLY_DONE: "aqua",
  MISSED: "orange",
};

/** An activity's state in the same words on /to-do, home and the therapist's records. */
export function ActivityStateBadge({ state }: { state: ActivityState }) {
  const { t } = useTranslation();
  return <Badge color={ACTIVITY_STATE_COLOR[state]}>{t(`activityState.${state}`)}</Badge>;
}
