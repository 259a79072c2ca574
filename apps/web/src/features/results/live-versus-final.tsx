import { type AnalysisResult, compareLiveReps, type LiveRepRecord, type RepComparison } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CardTable, type Column } from "../lists/card-table";

const wholeDegrees = (value: number, language: string) =>
  `${new Intl.NumberFormat(language, { maximumFractionDigits: 0, signDisplay: "auto" }).format(value)}°`;

/**
 * Issue 50: each rep's live cue and range, as the patient's device measured it during the session, beside the
 * range the server's analysis found in the same rep; the analysis stays the record. Shown only when the recording
 * came with live figures.
 */
export function LiveVersusFinal({
  liveReps,
  result,
  viewer,
}: {
  liveReps: readonly LiveRepRecord[] | null;
  result: AnalysisResult;
  viewer: "patient" | "staff";
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (!liveReps || liveReps.length === 0) return null;
  const rows = compareLiveReps(liveReps, result);
  const degrees = (value: number | null | undefined) =>
    value === null || value === undefined ? "–" : wholeDegrees(value, i18n.language);
  const cueColor = (inRange: boolean | null): BadgeColor =>
    inRange === null ? "grey" : inRange ? "green" : "red";
  const cueWords = (live: NonNullable<RepComparison["live"]>) =>
    live.cue === null
      ? t("results.liveCues.noCue")
      : t(`activitySession.coaching.cues.${live.cue}`, { achieved: live.achieved, target: live.target });
  const columns: Column<RepComparison>[] = [
    {
      key: "rep",
      header: t("results.liveCues.rep"),
      className: "font-medium",
      cell: (row) => t("results.liveCues.repN", { n: row.n }),
    },
    {
      key: "cue",
      header: t("results.liveCues.cue"),
      cell: (row) =>
        row.live ? (
          <Badge color={cueColor(row.live.inRange)}>{cueWords(row.live)}</Badge>
        ) : (
          <span className="text-muted-foreground">{t("results.liveCues.notLive")}</span>
        ),
    },
    {
      key: "live",
      header: t("results.liveCues.liveRange"),
      className: "text-right tabular-nums",
      cell: (row) => degrees(row.live?.range),
    },
    {
      key: "final",
      header: t("results.liveCues.finalRange"),
      className: "text-right tabular-nums",
      cell: (row) =>
        row.final ? (
          degrees(row.final.range)
        ) : (
          <span className="text-muted-foreground">{t("results.liveCues.notFinal")}</span>
        ),
    },
    {
      key: "difference",
      header: t("results.liveCues.difference"),
      className: "text-right tabular-nums",
      cell: (row) =>
        row.difference === null
          ? "–"
          : `${row.difference > 0 ? "+" : ""}${wholeDegrees(row.difference, i18n.language)}`,
    },
    {
      key: "score",
      header: t("results.liveCues.score"),
      className: "text-right tabular-nums",
      priority: "low",
      cell: (row) => (row.final ? Math.round(row.final.score) : "–"),
    },
  ];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="live-versus-final">
      <h2 id={titleId} className="text-base font-semibold">
        {t("results.liveCues.title")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {viewer === "patient" ? t("results.liveCues.patientHint") : t("results.liveCues.staffHint")}
      </p>
      <CardTable label={t("results.liveCues.table")} columns={columns} rows={rows} rowKey={(row) => row.n} />
    </section>
  );
}
