import { type ActivityFeedback, difficultySchema, movementSpeedSchema, painLevelSchema } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";

function Choices<T extends string>({
  legend,
  name,
  values,
  label,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  label: (value: T) => string;
  value: T | undefined;
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <label
            key={v}
            className="cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="sr-only"
            />
            {label(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Screen 4: pain, difficulty and speed of movement, sent once (FIZ243 and FIZ244 shown as they come). */
export function FeedbackStep({
  sessionId,
  completed,
  completeError,
  upload,
  onDone,
  doneLabel,
}: {
  sessionId: string;
  /** Feedback is taken only after the session is completed (FIZ244). */
  completed: boolean;
  completeError: string | null;
  upload: ReactNode;
  onDone: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation();
  const [given, setGiven] = useState<Partial<ActivityFeedback>>({});
  const send = trpc.activitySessions.feedback.useMutation();
  const complete = given.painLevel && given.difficulty && given.speed;
  const sent = send.isSuccess;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 overflow-y-auto">
      <h2 className="text-lg font-semibold">{t("activitySession.feedback.title")}</h2>
      {completeError ? (
        <p role="alert" className="text-sm text-destructive">
          {completeError}
        </p>
      ) : completed ? null : (
        <p role="status" className="text-sm text-muted-foreground">
          {t("activitySession.feedback.completing")}
        </p>
      )}
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (complete) send.mutate({ id: sessionId, ...given } as ActivityFeedback & { id: string });
        }}
      >
        <Choices
          legend={t("activitySession.feedback.painLevel")}
          name="painLevel"
          values={painLevelSchema.options}
          label={(v) => t(`activitySession.feedback.pain.${v}`)}
          value={given.painLevel}
          onChange={(painLevel) => setGiven((g) => ({ ...g, painLevel }))}
          disabled={sent}
        />
        <Choices
          legend={t("activitySession.feedback.difficulty")}
          name="difficulty"
          values={difficultySchema.options}
          label={(v) => t(`activitySession.feedback.difficulties.${v}`)}
          value={given.difficulty}
          onChange={(difficulty) => setGiven((g) => ({ ...g, difficulty }))}
          disabled={sent}
        />
        <Choices
          legend={t("activitySession.feedback.speed")}
          name="speed"
          values={movementSpeedSchema.options}
          label={(v) => t(`activitySession.feedback.speeds.${v}`)}
          value={given.speed}
          onChange={(speed) => setGiven((g) => ({ ...g, speed }))}
          disabled={sent}
        />
        {send.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(send.error, currentLocale())}
          </p>
        ) : null}
        {sent ? (
          <p role="status" className="text-sm font-medium text-green-700">
            {t("activitySession.feedback.thanks")}
          </p>
        ) : (
          <Button type="submit" disabled={!complete || !completed || send.isPending} className="self-start">
            {t("activitySession.feedback.submit")}
          </Button>
        )}
      </form>
      <section className="flex flex-col gap-2" aria-label={t("activitySession.feedback.upload")}>
        <h3 className="text-sm font-medium">{t("activitySession.feedback.upload")}</h3>
        {upload}
      </section>
      <Button variant="outline" onClick={onDone} className="self-start">
        {doneLabel ?? t("activitySession.feedback.done")}
      </Button>
    </div>
  );
}
