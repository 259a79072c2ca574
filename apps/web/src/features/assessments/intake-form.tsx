import { type Answers, type AnswerValue, type Question, validateAnswers } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { FormAlert } from "../forms/form-alert";
import { QuestionField } from "./question-field";

const pathOf = (question: Question) => `answers.${question.id}`;

/**
 * The intake questionnaire, one question at a time ("Question x of y"). Each step is checked with the
 * domain's answer rules before moving on; a refusal from the server goes back to its question.
 */
export function IntakeForm({
  questions,
  submit,
}: {
  questions: Question[];
  submit: (answers: Answers) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const question = questions[step];
  if (!question) return null;
  const last = step === questions.length - 1;

  const issuesFor = (candidates: Question[]) => {
    const paths = new Set(candidates.map(pathOf));
    return validateAnswers(questions, answers).filter((issue) => paths.has(issue.path));
  };
  const showIssue = (issue: { path: string; code: string; params?: Record<string, string | number> }) => {
    setErrors({ [issue.path]: fizMessage(issue.code, currentLocale(), issue.params) });
    const index = questions.findIndex((q) => pathOf(q) === issue.path);
    if (index >= 0) setStep(index);
  };
  const change = (value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [question.id]: value }));
    setErrors({});
  };
  const next = async () => {
    const [issue] = issuesFor(last ? questions : [question]);
    if (issue) return showIssue(issue);
    if (!last) return setStep(step + 1);
    setFailure(null);
    setPending(true);
    try {
      await submit(answers);
    } catch (error) {
      const refused = apiFailure(error);
      const [fieldError] = refused.fieldErrors;
      if (fieldError?.path.startsWith("answers.")) showIssue(fieldError);
      else setFailure(fizMessage(refused.fiz, currentLocale(), refused.params));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted-foreground" aria-live="polite">
          {t("onboarding.progress", { current: step + 1, total: questions.length })}
        </p>
        <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div
            className="h-full rounded-full bg-primary transition-all"
            style={{ width: `${((step + 1) / questions.length) * 100}%` }}
          />
        </div>
      </div>
      <QuestionField
        key={question.id}
        question={question}
        value={answers[question.id]}
        onChange={change}
        error={errors[pathOf(question)]}
      />
      <FormAlert message={failure} />
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={() => setStep(step - 1)} disabled={step === 0 || pending}>
          {t("onboarding.back")}
        </Button>
        <Button type="submit" disabled={pending}>
          {last ? (pending ? t("onboarding.submitting") : t("onboarding.submit")) : t("onboarding.next")}
        </Button>
      </div>
    </form>
  );
}
