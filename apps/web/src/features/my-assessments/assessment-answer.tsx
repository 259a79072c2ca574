import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton } from "@fizio/ui";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { IntakeForm } from "../assessments/intake-form";

/** One assessment answered a question at a time; once submitted it says so and goes back to the list. */
export function AssessmentAnswer({ assessmentId, onClose }: { assessmentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const assessment = trpc.assessments.get.useQuery({ assessmentId });
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
