import { ROM_MEASUREMENT_REPS } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiOutputs } from "../../lib/trpc";
import { type RomMovement, RomResults } from "../assessments/rom-results";

// The session flow (and, from it, the pose model) loads only when the patient records a movement.
const ActivitySessionFlow = lazy(() =>
  import("../activity-session/activity-session-flow").then((m) => ({ default: m.ActivitySessionFlow })),
);

type Assessment = ApiOutputs["assessments"]["get"];

const recordable = (m: RomMovement) => m.state === "NOT_RECORDED" || m.state === "FAILED";

/**
 * A range-of-motion assessment for the patient: each movement is recorded with the camera through the
 * activity-session flow (a ROM measurement of a few reps), then shows the range reached in degrees.
 */
export function RomAssessment({ assessment, back }: { assessment: Assessment; back: ReactNode }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState<RomMovement | null>(null);
  const movements = assessment.movements ?? [];
  if (recording)
    return (
      <Suspense fallback={<Skeleton className="h-64" aria-busy="true" />}>
        <ActivitySessionFlow
          activity={{
            name: recording.name,
            direction: recording.bodyView,
            orientation: null,
            side: recording.side,
            sets: 1,
            reps: ROM_MEASUREMENT_REPS,
            duration: null,
            breakTimeInSeconds: 0,
          }}
          source={{ patientAssessmentId: assessment.id, referenceVideoId: recording.referenceVideoId }}
          doneLabel={t("myAssessments.backToAssessment")}
          onClose={() => setRecording(null)}
        />
      </Suspense>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{assessment.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {assessment.status === "SUBMITTED"
            ? t("myAssessments.romSubmittedBody")
            : t("myAssessments.romIntro", { count: ROM_MEASUREMENT_REPS })}
        </p>
        <RomResults
          movements={movements}
          action={(m) =>
            recordable(m) ? (
              <Button
                size="sm"
                onClick={() => setRecording(m)}
                aria-label={t("myAssessments.recordLabel", { name: m.name })}
              >
                {m.state === "FAILED" ? t("myAssessments.recordAgain") : t("myAssessments.record")}
              </Button>
            ) : null
          }
        />
        <div>{back}</div>
      </CardContent>
    </Card>
  );
}
