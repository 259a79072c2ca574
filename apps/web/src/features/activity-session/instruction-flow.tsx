import { Button } from "@fizio/ui";
import { Check, Pause, Play, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FeedbackStep } from "./feedback-step";

type Activity = ApiOutputs["todo"]["today"]["activities"][number];

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** Counts the activity's duration down; the patient starts and pauses it, and may finish before or after. */
function Timer({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  // When the running countdown reaches zero; null while it is paused or not started.
  const [endsAt, setEndsAt] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === null) return;
    const tick = setInterval(() => {
      const next = Math.max(0, (endsAt - Date.now()) / 1000);
      setLeft(next);
      if (next === 0) setEndsAt(null);
    }, 250);
    return () => clearInterval(tick);
  }, [endsAt]);
  const running = endsAt !== null;
  const done = left === 0;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
      <span
        role="timer"
        aria-label={t("activitySession.instruction.timer")}
        className="font-mono text-3xl tabular-nums"
      >
        {clock(Math.ceil(left))}
      </span>
      {done ? (
        <p role="status" className="text-sm font-medium">
          {t("activitySession.instruction.timeUp")}
        </p>
      ) : (
        <Button variant="outline" onClick={() => setEndsAt(running ? null : Date.now() + left * 1000)}>
          {running ? <Pause aria-hidden /> : <Play aria-hidden />}
          {running
            ? t("activitySession.instruction.pauseTimer")
            : left < seconds
              ? t("activitySession.instruction.resumeTimer")
              : t("activitySession.instruction.startTimer")}
        </Button>
      )}
    </div>
  );
}

/**
 * An activity done without the camera (read instructions, look at a picture, watch a how-to video): it is
 * shown with its timer when it has a duration, and Done completes it without a recording; feedback follows as
 * after a recorded one. The camera is never asked for.
 */
export function InstructionActivityFlow({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const start = trpc.activitySessions.start.useMutation();
  const complete = trpc.activitySessions.complete.useMutation();
  const [step, setStep] = useState<"activity" | "feedback">("activity");
  const asked = useRef(false);

  // Opening the activity starts its session once (also under React's double effects in development).
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start.mutate({ planActivityId: activity.id, timeZone });
  }, [activity.id, start.mutate]);

  const close = useCallback(() => {
    void utils.todo.today.invalidate();
    onClose();
  }, [utils, onClose]);

  const finish = () => {
    if (!start.data) return;
    complete.mutate({ id: start.data.id, breaks: [] });
    setStep("feedback");
  };

  const amounts = [
    activity.sets === null ? null : t("todo.sets", { value: activity.sets }),
    activity.reps === null ? null : t("todo.reps", { value: activity.reps }),
    activity.frequency === null ? null : t("todo.frequency", { value: activity.frequency }),
  ].filter((amount) => amount !== null);
  const videoUrl = start.data?.video?.url ?? null;

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="instruction-activity-title"
      className="fixed inset-0 z-50 flex flex-col gap-3 overflow-hidden bg-background p-3 sm:p-4"
      onKeyDown={(e) => {
        if (e.key === "Escape" && step === "activity") close();
      }}
    >
      <header className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 id="instruction-activity-title" className="truncate text-lg font-semibold">
            {activity.name}
          </h1>
          <p className="text-xs text-muted-foreground">
            {step === "activity" ? t("activitySession.steps.session") : t("activitySession.steps.feedback")}
          </p>
        </div>
        {step === "activity" ? (
          <Button variant="ghost" size="icon" onClick={close} aria-label={t("activitySession.close")}>
            <X aria-hidden />
          </Button>
        ) : null}
      </header>

      {step === "feedback" && start.data ? (
        <FeedbackStep
          sessionId={start.data.id}
          completed={complete.isSuccess}
          completeError={complete.isError ? apiErrorMessage(complete.error, currentLocale()) : null}
          upload={null}
          onDone={close}
        />
      ) : (
        <div className="mx-auto flex w-full max-w-xl flex-col gap-4 overflow-y-auto">
          {amounts.length > 0 ? <p className="font-medium">{amounts.join(" · ")}</p> : null}
          {activity.description ? <p className="whitespace-pre-line">{activity.description}</p> : null}
          {activity.notes ? (
            <p className="whitespace-pre-line text-muted-foreground">{activity.notes}</p>
          ) : null}
          {activity.imageUrl ? <ActivityPicture url={activity.imageUrl} name={activity.name} /> : null}
          {videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the therapist's how-to videos are recorded without speech
            <video
              src={videoUrl}
              controls
              playsInline
              aria-label={t("activitySession.instruction.video")}
              className="max-h-[50vh] w-full rounded-md bg-black"
            />
          ) : null}
          {activity.duration ? <Timer seconds={activity.duration} /> : null}
          {start.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(start.error, currentLocale())}
            </p>
          ) : null}
          <Button className="self-start" onClick={finish} disabled={!start.data}>
            <Check aria-hidden />
            {start.isPending
              ? t("activitySession.instruction.starting")
              : t("activitySession.instruction.done")}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The activity's picture; a picture that cannot be loaded is left out, the text says what to do. */
function ActivityPicture({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={url}
      alt={t("activitySession.instruction.picture", { name })}
      onError={() => setFailed(true)}
      className="max-h-[50vh] w-full rounded-md border object-contain"
    />
  );
}
