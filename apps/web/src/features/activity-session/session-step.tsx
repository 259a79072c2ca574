import type { LiveRep } from "@fizio/analysis/live";
import {
  type LiveRepRecord,
  liveRepRecordSchema,
  MAX_LIVE_REPS,
  type RecordingSet,
  type RepVerdict,
} from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Circle, Pause, Square } from "lucide-react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useKeepAlive } from "../../lib/activity";
import type { RecordingSink } from "../recording-upload";
import { CameraView } from "./camera-view";
import { cueText, QuietToggle, RepStrip, SetClosingLines, summaryText, useQuietMode } from "./coaching";
import { type Demonstration, DemonstrationVideo } from "./demonstration";
import { type Coaching, type LiveCoach, liveCoach } from "./live-coach";
import type { LiveFrame } from "./pose-loop";
import { type Recorder, type SavingProgress, startRecorder } from "./recorder";
import type { RepTarget } from "./rep-tracking";
import { SavingRecording } from "./saving-recording";
import {
  initialSession,
  type RecordingBreak,
  type SessionEvent,
  type SessionPlan,
  type SessionState,
  secondsLeft,
  sessionReducer,
} from "./sequence";
import { type SetClosing, setClosing } from "./set-closing";
import { SkeletonOverlay } from "./skeleton-overlay";
import { StopDialog } from "./stop-dialog";
import { useLivePose } from "./use-live-pose";
import type { Voice } from "./voice";

export interface SessionResult {
  /** Seconds of video in the file: the sets only. */
  durationSeconds: number;
  /** The breaks on the session's clock, for the session's record; they are not in the file. */
  breaks: RecordingBreak[];
  /** A set was ended by hand before it was done (the activity is then partly done). */
  stoppedEarly: boolean;
  /** Where each set lies in the file, so the analysis counts each set's reps as the live counter did. */
  sets: RecordingSet[];
  /** Each live rep's figures and cue, on the recording's clock: sent to be kept beside the analysis. */
  liveReps: LiveRepRecord[];
}

/**
 * One live rep as it is sent with the recording, its times moved onto the file's clock by `toFile`; null when it
 * would not pass the server's check, so one odd rep never costs the others.
 */
function liveRepRecord(
  set: number,
  rep: LiveRep,
  verdict: RepVerdict | null,
  toFile: (t: number) => number,
): LiveRepRecord | null {
  const parsed = liveRepRecordSchema.safeParse({
    set,
    startT: toFile(rep.startT),
    endT: toFile(rep.endT),
    durationSeconds: rep.durationSeconds,
    confidence: rep.confidence,
    ranges: rep.ranges,
    cue: verdict?.cue?.kind ?? null,
    inRange: verdict?.inRange ?? null,
    achieved: verdict?.achieved ?? null,
    target: verdict?.target ?? null,
  });
  return parsed.success ? parsed.data : null;
}

/** The cue on screen: its rep's verdict and when the pose that ended the rep arrived (performance clock, ms). */
interface ShownCue {
  verdict: RepVerdict;
  set: number;
  n: number;
  endedAt: number;
}

const now = () => performance.now() / 1000;

/**
 * Screen 3: countdown, then the recording runs through every set and break; reps are counted live when the
 * activity names a joint to follow, and a set can always be ended by hand. After the last set it shows the
 * recording being saved until the flow moves on.
 */
export function SessionStep({
  stream,
  sink,
  mimeType,
  plan,
  demo,
  repTarget,
  coaching,
  voice,
  onDone,
  onExit,
  onRecordingStarted,
}: {
  stream: MediaStream;
  sink: RecordingSink;
  mimeType: string;
  plan: SessionPlan;
  demo: Demonstration;
  repTarget: RepTarget | null;
  /** Live cues against the therapist's reps; null when the activity does not cue or has no reference reps. */
  coaching: Coaching | null;
  voice: Voice;
  onDone: (result: SessionResult) => void;
  onExit: () => void;
  /** The recording began: from now on the patient has begun the activity. */
  onRecordingStarted: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const startedAt = useRef(now());
  const clock = () => now() - startedAt.current;
  const reducer = useCallback((s: SessionState, e: SessionEvent) => sessionReducer(plan, s, e), [plan]);
  const [state, dispatch] = useReducer(reducer, initialSession);
  const [elapsed, setElapsed] = useState(0);
  const [stopping, setStopping] = useState(false);
  const [pose, setPose] = useState<LiveFrame | null>(null);
  const [saving, setSaving] = useState<SavingProgress | null>(null);
  const recorder = useRef<Recorder | null>(null);
  const [replaying, setReplaying] = useState(false);
  // Where each set lies in the file, on the recorder's own clock, which breaks do not advance.
  const sets = useRef<RecordingSet[]>([]);
  const openSet = useRef<{ set: number; startSeconds: number } | null>(null);
  // When the current set's recording began: a pose captured before it (in the break) is not in the set's file.
  const setRecordedSince = useRef<{ set: number; at: number } | null>(null);
  const coach = useRef<LiveCoach | null>(null);
  coach.current ??= repTarget && liveCoach(repTarget, coaching);
  const [quiet, setQuiet] = useQuietMode();
  const [cue, setCue] = useState<ShownCue | null>(null);
  // The verdicts of each set's reps (a ref, read when the set ends in the same update as its last rep), and the
  // strip's copy of the current set's.
  const setVerdictsRef = useRef<RepVerdict[][]>([]);
  const [verdicts, setVerdicts] = useState<{ set: number; list: RepVerdict[] }>({ set: 0, list: [] });
  const [closing, setClosingShown] = useState<SetClosing | null>(null);
  const liveReps = useRef<LiveRepRecord[]>([]);
  useLivePose(video, (frame) => {
    setPose(frame);
    // Nothing is counted or cued outside a set: not in the countdown, not in a break.
    // Counted only from what the set's recording holds, so the analysis sees every pose the count was made from.
    const since = setRecordedSince.current;
    const recordedSet =
      state.phase === "set" && since?.set === state.set && frame.capturedAt >= since.at ? state.set : null;
    const step = coach.current?.push(frame.keypoints, frame.t, recordedSet);
    if (!step) return;
    dispatch({ type: "reps", count: step.count, t: clock() });
    const { rep, verdict } = step;
    if (!rep) return;
    // The recorder runs through the whole set, so a moment of it is the file's time now less how long ago it was.
    const elapsedNow = recorder.current?.elapsed() ?? 0;
    const at = now();
    const record = liveRepRecord(state.set, rep, verdict, (t) => Math.max(0, elapsedNow - (at - t)));
    // Beyond the most the server keeps, the rest are left out rather than all of them refused.
    if (record && liveReps.current.length < MAX_LIVE_REPS) liveReps.current.push(record);
    if (!verdict) return;
    setVerdictsRef.current[state.set - 1] ??= [];
    const inSet = setVerdictsRef.current[state.set - 1]!;
    inSet.push(verdict);
    setVerdicts({ set: state.set, list: [...inSet] });
    if (verdict.cue) setCue({ verdict, set: state.set, n: inSet.length, endedAt: frame.t * 1000 });
  });

  // A cue is spoken as it is shown, unless quiet; its delay after the rep's last pose is measured for the bench.
  // Once: turning quiet mode off must not repeat the last cue (in a break, a cue of no rep at all).
  const saidCue = useRef<ShownCue | null>(null);
  useEffect(() => {
    if (!cue?.verdict.cue || saidCue.current === cue) return;
    saidCue.current = cue;
    if (!quiet) voice.cue(cueText(t, cue.verdict.cue, true));
    performance.measure("fizio.coaching.cue", { start: cue.endedAt, end: performance.now() });
  }, [cue, quiet, voice, t]);

  // A new set starts with a clean strip; at a set's end, its closing stays up through the break. This runs after
  // the cue's effect in the same update, so the summary is queued behind the last rep's cue.
  const coachedSet = useRef<number | null>(null);
  useEffect(() => {
    if (!coaching) return;
    if (state.phase === "set") {
      if (coachedSet.current === state.set) return;
      coachedSet.current = state.set;
      setVerdicts({ set: state.set, list: [] });
      setCue(null);
      setClosingShown(null);
    } else if (coachedSet.current !== null) {
      const ended = setVerdictsRef.current[coachedSet.current - 1] ?? [];
      coachedSet.current = null;
      const closed = setClosing(ended);
      setClosingShown(closed);
      const said = closed?.summary ? summaryText(t, closed.summary) : null;
      if (said && !quiet) voice.queue(said);
    }
  }, [coaching, state.phase, state.set, quiet, voice, t]);

  useEffect(() => {
    voice.say(t("activitySession.voice.countDown"));
    const timer = setInterval(() => {
      const t = now() - startedAt.current;
      setElapsed(t);
      dispatch({ type: "tick", t });
    }, 200);
    return () => clearInterval(timer);
  }, [voice, t]);

  // A set is recorded; a break pauses the recorder, so the patient resting is neither filmed nor counted.
  const recording = state.phase === "set";
  useEffect(() => {
    if (state.phase === "countdown") return;
    if (!recorder.current) {
      recorder.current = startRecorder(stream, sink, mimeType);
      // Recording has begun: only now is the activity in progress (opening it changed nothing).
      onRecordingStarted();
      voice.say(t("activitySession.voice.recordingStarted"));
    }
    const rec = recorder.current;
    const open = openSet.current;
    if (open && (state.phase !== "set" || state.set !== open.set)) {
      // The set's window ends where the live count ended it. The recorder's tail still runs (it lets Chrome write
      // the frames up to here) but stays outside the window: the figure's next rep can fit in it.
      sets.current = [...sets.current, { startSeconds: open.startSeconds, endSeconds: rec.elapsed() }];
      openSet.current = null;
    }
    if (state.phase === "break") void rec.pause();
    if (state.phase === "set") {
      rec.resume();
      if (!openSet.current) {
        openSet.current = { set: state.set, startSeconds: rec.elapsed() };
        setRecordedSince.current = { set: state.set, at: now() };
      }
    }
  }, [state.phase, state.set, stream, sink, mimeType, voice, t, onRecordingStarted]);
  useEffect(() => {
    if (state.phase !== "break") setReplaying(false);
  }, [state.phase]);

  const finished = state.phase === "done";
  // A set, its countdown or a break in it is the patient at work, away from the keyboard: no idle time.
  useKeepAlive(!finished);
  const breaks = state.breaks;
  // Without a live count a set of reps can only be ended by hand: that is not stopping early.
  const stoppedEarly = state.stoppedEarly && (plan.reps === null || repTarget !== null);
  const ended = useRef(false);
  useEffect(() => {
    if (!finished || ended.current) return;
    ended.current = true;
    // After the last set's closing words, not over them.
    voice.queue(t("activitySession.voice.stop"));
    const recordedSets = sets.current;
    const stopped = recorder.current?.stop(setSaving) ?? Promise.resolve();
    const reps = liveReps.current;
    // The file's length once stopped, its tail included.
    void stopped.then(() =>
      onDone({
        durationSeconds: recorder.current?.elapsed() ?? 0,
        breaks,
        stoppedEarly,
        sets: recordedSets,
        liveReps: reps,
      }),
    );
  }, [finished, breaks, stoppedEarly, onDone, voice, t]);

  // Leaving drops the recording: the patient need not wait while its last chunks are written and deleted.
  const exit = () => {
    const stopped = recorder.current?.stop() ?? Promise.resolve();
    void stopped.then(() => sink.discard());
    onExit();
  };

  // The camera view goes with the session: no live pose is estimated while the recording is saved.
  if (finished)
    return (
      <div className="flex min-h-0 flex-1 flex-col gap-3">
        {closing ? <SetClosingLines closing={closing} className="text-base" /> : null}
        <SavingRecording progress={saving} />
      </div>
    );
  const left = secondsLeft(plan, state, elapsed);
  // Only the current set's (the strip's marks too): the next set's first render comes before its clean start
  // clears the last one.
  const shownCue =
    state.phase === "set" && cue?.set === state.set && cue.verdict.cue ? cueText(t, cue.verdict.cue) : "";
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="relative min-h-0 flex-1">
        <CameraView stream={stream} videoRef={video} label={t("activitySession.setup.preview")}>
          {pose ? (
            <SkeletonOverlay
              keypoints={pose.keypoints}
              width={pose.width}
              height={pose.height}
              boxMargin={null}
              boxLabel=""
            />
          ) : null}
          {state.phase === "countdown" || state.phase === "break" ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-2 text-white">
              {replaying ? (
                <div className="flex min-h-0 w-full max-w-xl flex-1 items-center">
                  <DemonstrationVideo demo={demo} autoPlay />
                </div>
              ) : null}
              <span className="text-2xl font-semibold">
                {state.phase === "break"
                  ? t("activitySession.run.breakTitle")
                  : t("activitySession.run.countdown", { seconds: left })}
              </span>
              {state.phase === "break" ? (
                <span>{t("activitySession.run.nextSetIn", { seconds: left })}</span>
              ) : null}
              {state.phase === "break" && closing ? (
                <SetClosingLines closing={closing} className="text-lg" />
              ) : null}
            </div>
          ) : null}
          {coaching ? (
            // Always in the page, so screen readers announce each new cue; empty outside a set.
            <p
              role="status"
              aria-live="polite"
              data-testid="coaching-cue"
              className={
                shownCue
                  ? `absolute inset-x-2 bottom-2 mx-auto w-fit rounded px-3 py-1 text-center text-xl font-semibold text-white ${
                      cue?.verdict.inRange === false ? "bg-red-800/90" : "bg-green-800/90"
                    }`
                  : "sr-only"
              }
            >
              {shownCue && cue ? (
                // Each rep's cue is new words to a screen reader, even when it repeats the last rep's.
                <span className="sr-only">{t("activitySession.coaching.repNumber", { n: cue.n })} </span>
              ) : null}
              {shownCue}
            </p>
          ) : null}
          {recording ? (
            <span className="absolute left-2 top-2 flex items-center gap-1 rounded bg-black/60 px-2 py-1 text-xs text-white">
              <Circle className="size-3 fill-red-500 text-red-500" aria-hidden />
              {t("activitySession.run.recording")}
            </span>
          ) : state.phase === "break" ? (
            <span className="absolute left-2 top-2 flex items-center gap-1 rounded bg-black/60 px-2 py-1 text-xs text-white">
              <Pause className="size-3" aria-hidden />
              {t("activitySession.run.paused")}
            </span>
          ) : null}
        </CameraView>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="status"
          aria-live="polite"
          className="flex flex-col text-sm"
          data-testid="session-progress"
        >
          <span className="font-semibold">
            {t("activitySession.run.set", { set: state.set, sets: plan.sets })}
          </span>
          <span>
            {plan.reps !== null
              ? t("activitySession.run.reps", { count: state.reps, total: plan.reps })
              : repTarget
                ? t("activitySession.run.repsOpen", { count: state.reps })
                : null}
            {state.phase === "set" && plan.setSeconds !== null && left !== null
              ? ` ${t("activitySession.run.timeLeft", { seconds: left })}`
              : null}
          </span>
        </div>
        {coaching ? (
          <div className="flex flex-wrap items-center gap-3">
            {state.phase === "set" ? (
              <RepStrip verdicts={verdicts.set === state.set ? verdicts.list : []} />
            ) : null}
            <QuietToggle quiet={quiet} onChange={setQuiet} />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {state.phase === "break" ? (
            <Button variant="outline" onClick={() => setReplaying((on) => !on)}>
              {replaying ? t("activitySession.demo.hide") : t("activitySession.demo.watchAgain")}
            </Button>
          ) : null}
          {state.phase === "break" ? (
            <Button variant="outline" onClick={() => dispatch({ type: "skipBreak", t: clock() })}>
              {t("activitySession.run.skipBreak")}
            </Button>
          ) : null}
          {state.phase === "set" ? (
            <Button variant="outline" onClick={() => dispatch({ type: "finishSet", t: clock() })}>
              {t("activitySession.run.finishSet")}
            </Button>
          ) : null}
          <Button variant="destructive" onClick={() => setStopping(true)}>
            <Square aria-hidden />
            {t("activitySession.run.stop")}
          </Button>
        </div>
      </div>
      <StopDialog open={stopping} onKeepGoing={() => setStopping(false)} onExit={exit} />
    </div>
  );
}
