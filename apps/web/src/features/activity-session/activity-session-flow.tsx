import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { openRecordingSink, type RecordingSink, UploadProgress } from "../recording-upload";
import { type Demonstration, DemonstrationStep } from "./demonstration";
import { rememberChoice } from "./devices";
import { FeedbackStep } from "./feedback-step";
import { GetReadyStep } from "./get-ready-step";
import type { Coaching } from "./live-coach";
import { MediaFailurePanel, mediaFailureOf } from "./media-failure-panel";
import { pickMimeType } from "./recorder";
import { sessionPlan } from "./sequence";
import { SessionDialog } from "./session-dialog";
import { type SessionResult, SessionStep } from "./session-step";
import { SetupStep } from "./setup-step";
import { useCamera } from "./use-camera";
import { useDevices } from "./use-devices";
import { createVoice } from "./voice";

type Started = ApiOutputs["activitySessions"]["start"];

/** What a session records: how it is filmed and its sets, from a plan activity or an assessment's movement. */
export type SessionActivity = Pick<
  ApiOutputs["todo"]["today"]["activities"][number],
  "name" | "direction" | "orientation" | "side" | "sets" | "reps" | "duration" | "breakTimeInSeconds"
> & { description?: string | null };

/**
 * What the session is started for and the recording measured against: a plan activity of /to-do, or one
 * movement of a ROM assessment (recorded against its ROM video).
 */
export type SessionSource =
  | { planActivityId: string }
  | { patientAssessmentId: string; referenceVideoId: string };

const STEPS = ["setup", "watch", "getReady", "session", "feedback"] as const;
type Step = (typeof STEPS)[number];

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Spec §2 activity session flow, full screen over /to-do (or an assessment): setup, get ready, session,
 * feedback. `doneLabel` names where Done goes back to.
 */
export function ActivitySessionFlow({
  activity,
  source,
  doneLabel,
  onClose,
}: {
  activity: SessionActivity;
  source: SessionSource;
  doneLabel?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const voice = useMemo(() => createVoice(currentLocale()), []);
  const [step, setStep] = useState<Step>("setup");
  const [attempt, setAttempt] = useState(0);
  const { state: devices, choose } = useDevices(attempt);
  const camera = useCamera(devices.status === "ready" ? devices.choice : null, attempt);
  const mediaFailure = mediaFailureOf(devices, camera);
  const [session, setSession] = useState<{ started: Started; sink: RecordingSink; mimeType: string } | null>(
    null,
  );
  const [localId, setLocalId] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = trpc.activitySessions.start.useMutation();
  const complete = trpc.activitySessions.complete.useMutation();
  const markBegun = trpc.activitySessions.begin.useMutation();

  useEffect(() => () => voice.cancel(), [voice]);

  const close = useCallback(() => {
    if ("planActivityId" in source) void utils.todo.today.invalidate();
    else void utils.assessments.invalidate();
    onClose();
  }, [utils, onClose, source]);

  const begin = async () => {
    setFailure(null);
    if (devices.status === "ready") rememberChoice(localStorage, devices.choice);
    const mimeType =
      typeof MediaRecorder === "undefined" ? null : pickMimeType(MediaRecorder.isTypeSupported);
    if (!mimeType) {
      setFailure(t("activitySession.errors.recorder"));
      return;
    }
    try {
      const started = await start.mutateAsync({ ...source, timeZone });
      const sink = await openRecordingSink({
        ...("planActivityId" in source
          ? { activityId: source.planActivityId }
          : { referenceVideoId: source.referenceVideoId }),
        activitySessionId: started.id,
        mimeType,
      });
      setSession({ started, sink, mimeType });
      setStep("watch");
    } catch (error) {
      setFailure(apiErrorMessage(error, currentLocale()));
    }
  };

  // The session screen shows the recording being saved until it is sealed; feedback follows either way.
  const finished = useCallback(
    async (result: SessionResult) => {
      if (!session) return;
      try {
        // The file holds the sets only: the breaks are not in it, the sets say where each one lies.
        const sealed = await session.sink.finish({
          durationSeconds: result.durationSeconds,
          breaks: [],
          sets: result.sets,
          liveReps: result.liveReps,
        });
        setLocalId(sealed.localId);
      } catch {
        setSaveFailed(true);
      }
      setStep("feedback");
      complete.mutate({ id: session.started.id, breaks: result.breaks, stoppedEarly: result.stoppedEarly });
    },
    [session, complete.mutate],
  );
  // Only now is the activity begun for the patient and the therapist: opening and leaving before the recording
  // changes nothing.
  const recordingStarted = useCallback(() => {
    if (session) markBegun.mutate({ id: session.started.id });
  }, [session, markBegun.mutate]);

  const ready = useCallback(() => setStep("session"), []);
  const watched = useCallback(() => setStep("getReady"), []);
  // Spec §9: the rotate-device prompt gives up and returns to the dashboard.
  const leave = useCallback(() => {
    void session?.sink.discard();
    void navigate({ to: "/home" });
  }, [session, navigate]);
  const exit = useCallback(() => close(), [close]);

  const video = session?.started.video ?? null;
  const setup = {
    joint: video?.mainJoint ?? null,
    direction: activity.direction ?? video?.bodyView ?? null,
    orientation: activity.orientation ?? video?.orientation ?? null,
  };
  const coaching: Coaching | null = video?.coaching
    ? {
        reference: video.coaching.reference,
        joints: video.coaching.joints,
        mainJoint: video.coaching.mainJoint,
        direction: video.repDirection,
        cueJoints: video.coaching.cueJoints,
      }
    : null;
  const repTarget = video
    ? {
        joint: video.mainJoint,
        side: activity.side ?? video.side,
        view: video.bodyView,
        direction: video.repDirection,
        alsoFollow: coaching?.cueJoints ?? [],
      }
    : null;
  const demo: Demonstration = {
    url: video?.url ?? null,
    previewUrl: video?.previewUrl ?? null,
    joint: video?.mainJoint ?? null,
    view: setup.direction,
    side: activity.side ?? video?.side ?? null,
    orientation: setup.orientation,
    description: activity.description ?? null,
  };
  const plan = useMemo(() => sessionPlan(activity), [activity]);
  const stream = camera.status === "ready" ? camera.stream : null;
  const index = STEPS.indexOf(step);

  return (
    <SessionDialog
      title={activity.name}
      status={`${t("activitySession.progress", { step: index + 1, total: STEPS.length })} · ${t(`activitySession.steps.${step}`)}`}
      onClose={step === "setup" || step === "watch" || step === "getReady" ? close : null}
    >
      {mediaFailure ? (
        <MediaFailurePanel failure={mediaFailure} onRetry={() => setAttempt((n) => n + 1)} />
      ) : step === "setup" ? (
        devices.status === "ready" ? (
          <SetupStep
            devices={devices}
            camera={camera}
            onChoose={choose}
            voice={voice}
            onContinue={() => void begin()}
            starting={start.isPending}
            error={
              failure ? (
                <p role="alert" className="text-sm text-destructive">
                  {failure}
                </p>
              ) : null
            }
          />
        ) : (
          <p role="status" className="m-auto text-sm">
            {t("activitySession.setup.requesting")}
          </p>
        )
      ) : step === "watch" && session ? (
        <DemonstrationStep demo={demo} plan={plan} onReady={watched} />
      ) : step === "getReady" && stream ? (
        <GetReadyStep stream={stream} setup={setup} voice={voice} onReady={ready} onLeave={leave} />
      ) : step === "session" && stream && session ? (
        <SessionStep
          stream={stream}
          sink={session.sink}
          mimeType={session.mimeType}
          plan={plan}
          demo={demo}
          repTarget={repTarget}
          coaching={coaching}
          voice={voice}
          onDone={finished}
          onExit={exit}
          onRecordingStarted={recordingStarted}
        />
      ) : step === "feedback" && session ? (
        <FeedbackStep
          sessionId={session.started.id}
          completed={complete.isSuccess}
          completeError={complete.isError ? apiErrorMessage(complete.error, currentLocale()) : null}
          upload={
            localId ? (
              <UploadProgress localId={localId} />
            ) : saveFailed ? (
              <p role="alert" className="text-sm text-destructive">
                {t("activitySession.saving.failed")}
              </p>
            ) : null
          }
          onDone={close}
          doneLabel={doneLabel}
        />
      ) : null}
    </SessionDialog>
  );
}
