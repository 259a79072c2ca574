import { Button, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { IntakeForm } from "../assessments/intake-form";
import { FormAlert } from "../forms/form-alert";
import { useSetSessionUser } from "../session/use-session";

/**
 * Spec §4 gate 2: the intake assessment of the user's organisation. Without an intake template there is
 * nothing to answer and Continue completes onboarding.
 */
export function OnboardingGate() {
  const { t } = useTranslation();
  const setUser = useSetSessionUser();
  const intake = trpc.onboarding.intake.useQuery();
  const complete = trpc.onboarding.complete.useMutation({
    onSuccess: ({ user }, input) => {
      if (input) notify.success(t("onboarding.submitted"));
      setUser(user);
    },
  });
  const template = intake.data?.template;
  return (
    <>
      <CardHeader>
        <ClipboardList className="mb-1 size-8 text-primary" aria-hidden />
        <CardTitle as="h1">{t("onboarding.title")}</CardTitle>
        <CardDescription className="text-base leading-relaxed">
          {template === null ? t("onboarding.noQuestions") : t("onboarding.intro")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {intake.isPending ? <Skeleton className="h-48" /> : null}
        {intake.isError ? <FormAlert message={apiErrorMessage(intake.error, currentLocale())} /> : null}
        {template ? (
          <IntakeForm
            questions={template.questions}
            submit={(answers) => complete.mutateAsync({ answers })}
          />
        ) : null}
        {template === null ? (
          <FormAlert message={complete.error ? apiErrorMessage(complete.error, currentLocale()) : null} />
        ) : null}
      </CardContent>
      {template === null ? (
        <CardFooter className="justify-end">
          <Button onClick={() => complete.mutate(undefined)} disabled={complete.isPending}>
            {t("onboarding.continue")}
          </Button>
        </CardFooter>
      ) : null}
    </>
  );
}
