import {
  type BodyView,
  type CameraPlacement,
  cameraPlacement,
  type Joint,
  type Orientation,
  type Side,
} from "@fizio/domain";
import { Button } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "../../lib/duration";
import type { SessionPlan } from "./sequence";

/** The therapist's video the patient watches before recording and again in any break. */
export interface Demonstration {
  url: string | null;
  previewUrl: string | null;
  joint: Joint | null;
  view: BodyView | null;
  side: Side | null;
  orientation: Orientation | null;
  /** The activity's own instructions, when it has any. */
  description: string | null;
}

/** The video with the player's own controls: the patient plays, pauses and replays it as often as they like. */
export function DemonstrationVideo({ demo, autoPlay = false }: { demo: Demonstration; autoPlay?: boolean }) {
  const { t } = useTranslation();
  if (!demo.url)
    return (
      <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
        {t("activitySession.demo.noVideo")}
      </p>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: the therapist's how-to videos are recorded without speech
    <video
      src={demo.url}
      poster={demo.previewUrl ?? undefined}
      aria-label={t("activitySession.demo.video")}
      className="max-h-full w-full rounded-md bg-black object-contain"
      controls
      playsInline
      autoPlay={autoPlay}
      preload="metadata"
    />
  );
}

/** "2 sets of 5 repetitions", "1 set of 30 seconds", "2 sets of 10 minutes", or just the sets when neither is prescribed. */
export function usePrescription(plan: SessionPlan): string {
  const { t } = useTranslation();
  const sets = t("activitySession.demo.sets", { count: plan.sets });
  if (plan.reps !== null)
    return t("activitySession.demo.prescription", {
      sets,
      reps: t("activitySession.demo.reps", { count: plan.reps }),
    });
  if (plan.setSeconds !== null)
    return t("activitySession.demo.timedPrescription", {
      sets,
      duration: formatDuration(plan.setSeconds, t),
    });
  return sets;
}

/** Where to put the phone or laptop, from the activity's joint, view and side (the domain's rule). */
function PlacementAdvice({ placement }: { placement: CameraPlacement }) {
  const { t } = useTranslation();
  const titleId = useId();
  const lines = [
    t(`activitySession.demo.distance.${placement.distance}`),
    t(`activitySession.demo.height.${placement.height}`),
    t(`activitySession.demo.facing.${placement.facing}`),
    t(`activitySession.demo.orientation.${placement.orientation}`),
    t(`activitySession.demo.frame.${placement.fullBody ? "full" : "upper"}`),
  ];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-1">
      <h3 id={titleId} className="text-sm font-semibold">
        {t("activitySession.demo.placementTitle")}
      </h3>
      <ul className="list-disc pl-5 text-sm">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Screen 1b: before anything is recorded, the therapist's video beside the instructions, the prescription and
 * where to put the camera. The video sits above the words on a phone held upright, beside them otherwise.
 */
export function DemonstrationStep({
  demo,
  plan,
  onReady,
}: {
  demo: Demonstration;
  plan: SessionPlan;
  onReady: () => void;
}) {
  const { t } = useTranslation();
  const prescription = usePrescription(plan);
  const placement = cameraPlacement({
    joints: demo.joint ? [demo.joint] : [],
    mainJoint: demo.joint,
    view: demo.view,
    side: demo.side,
    orientation: demo.orientation,
  });
  return (
    <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto md:grid-cols-[minmax(0,1fr)_20rem] landscape:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:landscape:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex max-h-[45vh] min-h-0 items-start md:max-h-none landscape:max-h-none">
        <DemonstrationVideo demo={demo} />
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">{t("activitySession.demo.title")}</h2>
        <p className="font-medium" data-testid="prescription">
          {prescription}
        </p>
        {plan.sets > 1 && plan.breakSeconds > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("activitySession.demo.rest", { seconds: plan.breakSeconds })}
          </p>
        ) : null}
        {demo.description ? <p className="whitespace-pre-line text-sm">{demo.description}</p> : null}
        <PlacementAdvice placement={placement} />
        <Button onClick={onReady} className="mt-auto">
          {t("activitySession.demo.ready")}
        </Button>
      </div>
    </div>
  );
}
