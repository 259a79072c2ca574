import { Button } from "@fizio/ui";
import { Check, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ActivityInstructions } from "../todo/activity-instructions";
import { FeedbackStep } from "./feedback-step";
import { SessionDialog } from "./session-dialog";

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

  const videoUrl = start.data?.video?.url ?? null;

  return (
    <SessionDialog
      title={activity.name}
      status={step === "activity" ? t("activitySession.steps.session") : t("activitySession.steps.feedback")}
      onClose={step === "activity" ? close : null}
    >
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
          <ActivityInstructions activity={activity} withDuration={false} />
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
    </SessionDialog>
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
