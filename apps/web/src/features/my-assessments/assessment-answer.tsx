import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton } from "@fizio/ui";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { IntakeForm } from "../assessments/intake-form";
import { RomAssessment } from "./rom-assessment";

/**
 * One assessment answered a question at a time, once submitted it says so and goes back to the list; or a
 * range-of-motion assessment, recorded movement by movement, with its result in degrees.
 */
export function AssessmentAnswer({ assessmentId, onClose }: { assessmentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const assessment = trpc.assessments.get.useQuery(
    { assessmentId },
    {
      // A ROM movement being uploaded or measured is asked about again until its degrees are in.
      refetchInterval: (query) =>
        query.state.data?.movements?.some((m) => m.state === "UPLOADING" || m.state === "ANALYSING")
          ? 4000
          : false,
    },
  );
  const submit = trpc.assessments.submit.useMutation({
    onSuccess: (saved) => {
      utils.assessments.get.setData({ assessmentId }, saved);
      void utils.assessments.mine.invalidate();
    },
  });
  const back = (
    <Button variant="outline" onClick={onClose}>
      {t("myAssessments.backToList")}
    </Button>
  );
  if (assessment.isPending) return <Skeleton className="h-64" aria-busy="true" />;
  if (assessment.isError)
    return (
      <EmptyState
        icon={<TriangleAlert />}
        title={apiErrorMessage(assessment.error, currentLocale())}
        action={back}
      />
    );
  const { name, status, questions } = assessment.data;
  if (assessment.data.kind === "RANGE_OF_MOTION")
    return <RomAssessment assessment={assessment.data} back={back} />;
  if (status === "SUBMITTED")
    return (
      <EmptyState
        icon={<CircleCheck />}
        title={t("myAssessments.submittedTitle")}
        description={t("myAssessments.submittedBody", { name })}
        action={back}
      />
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{name}</CardTitle>
      </CardHeader>
      <CardContent>
        <IntakeForm
          questions={questions}
          submit={(answers) => submit.mutateAsync({ assessmentId, answers })}
        />
      </CardContent>
    </Card>
  );
}
