import type { CoachingCue, RepVerdict, SetCoachingSummary } from "@fizio/domain";
import { Label, Switch } from "@fizio/ui";
import type { TFunction } from "i18next";
import { Check, Minus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SetClosing } from "./set-closing";

/** The words of a cue on screen, or spoken (degrees spelt out, which speech reads better than "°"). */
export function cueText(t: TFunction, cue: CoachingCue, spoken = false): string {
  if (cue.kind === "bendFurther")
    return t(
      spoken ? "activitySession.coaching.spokenBendFurther" : "activitySession.coaching.cues.bendFurther",
      {
        achieved: cue.achieved,
        target: cue.target,
      },
    );
  return t(`activitySession.coaching.cues.${cue.kind}`);
}

export function summaryText(t: TFunction, summary: SetCoachingSummary): string | null {
  if (summary.judged === 0) return null;
  return summary.inRange === summary.judged
    ? t("activitySession.coaching.summaryAllIn", { count: summary.judged })
    : t("activitySession.coaching.summary", {
        inRange: summary.inRange,
        count: summary.judged,
        target: summary.target,
      });
}

const QUIET_KEY = "fizio.coaching.quiet";

/** Quiet mode, remembered on the device: cues are then shown and not spoken. */
export function useQuietMode(): [boolean, (quiet: boolean) => void] {
  const [quiet, setQuiet] = useState(() => localStorage.getItem(QUIET_KEY) === "true");
  return [
    quiet,
    (next) => {
      localStorage.setItem(QUIET_KEY, String(next));
      setQuiet(next);
    },
  ];
}

export function QuietToggle({ quiet, onChange }: { quiet: boolean; onChange: (quiet: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={quiet} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
      <Label htmlFor={id}>{t("activitySession.coaching.quiet")}</Label>
      <span id={`${id}-hint`} className="sr-only">
        {t("activitySession.coaching.quietHint")}
      </span>
    </div>
  );
}

/** One mark per rep of the set: in range, out of range, or not judged (unsure keypoints), with its words. */
export function RepStrip({ verdicts }: { verdicts: readonly RepVerdict[] }) {
  const { t } = useTranslation();
  return (
    <ol
      aria-label={t("activitySession.coaching.strip")}
      className="flex flex-wrap gap-1"
      data-testid="rep-strip"
    >
      {verdicts.map((verdict, i) => {
        const n = i + 1;
        const [Icon, key, color] =
          verdict.inRange === null
            ? ([Minus, "unsure", "border-muted-foreground text-muted-foreground"] as const)
            : verdict.inRange
              ? ([Check, "in", "border-green-700 bg-green-700 text-white"] as const)
              : ([X, "out", "border-red-700 bg-red-700 text-white"] as const);
        const label = t(`activitySession.coaching.mark.${key}`, { n });
        return (
          <li
            key={n}
            title={label}
            className={`flex size-6 items-center justify-center rounded-full border ${color}`}
          >
            <Icon className="size-4" aria-hidden />
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A set's closing, in its order: the last rep's cue, then the set's summary. */
export function SetClosingLines({ closing, className }: { closing: SetClosing; className: string }) {
  const { t } = useTranslation();
  const summary = closing.summary ? summaryText(t, closing.summary) : null;
  return (
    <div className={`flex flex-col items-center gap-1 text-center font-medium ${className}`}>
      {closing.lastCue ? (
        <p data-testid="closing-cue">
          {t("activitySession.coaching.repNumber", { n: closing.lastCue.n })}{" "}
          {cueText(t, closing.lastCue.cue)}
        </p>
      ) : null}
      {summary ? <p data-testid="coaching-summary">{summary}</p> : null}
    </div>
  );
}
