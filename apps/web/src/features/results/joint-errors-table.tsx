import { type AnalysisResult, type JointSummary, type JointVerdict, jointSummaries } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { CardTable, type Column } from "../lists/card-table";
import { formatDegrees } from "./format";
import { useJointLabel } from "./joint-label";

type JointRow = ReturnType<typeof jointSummaries>[number];

const VERDICT_COLOR: Record<JointVerdict, BadgeColor> = { PASS: "green", FAIL: "red", UNKNOWN: "grey" };

/**
 * Each measured joint's average error against its tolerance, passed or failed in colour and in words, and the
 * range of motion the patient reached (smallest and largest angle). For the patient, each joint's numbers also in
 * one plain sentence under the table.
 */
export function JointErrorsTable({ result, explain = false }: { result: AnalysisResult; explain?: boolean }) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const degrees = (value: number | null) => formatDegrees(value, i18n.language);
  const rows = jointSummaries(result);
  const columns: Column<JointRow>[] = [
    {
      key: "joint",
      header: t("results.joints.joint"),
      className: "font-medium",
      cell: (row) => jointLabel(row),
    },
    {
      key: "error",
      header: t("results.joints.averageError"),
      className: "text-right tabular-nums",
      cell: (row) => degrees(row.meanAbsError),
    },
    {
      key: "range",
      header: t("results.joints.rangeOfMotion"),
      className: "text-right tabular-nums",
      cell: (row) =>
        row.measured ? (
          <>
            {degrees(row.measured.range)}
            <span className="block text-xs text-muted-foreground">
              {t("results.joints.fromTo", { min: degrees(row.measured.min), max: degrees(row.measured.max) })}
            </span>
          </>
        ) : (
          "–"
        ),
    },
    {
      key: "tolerance",
      header: t("results.joints.tolerance"),
      className: "text-right tabular-nums",
      cell: (row) => degrees(row.tolerance),
    },
    {
      key: "within",
      header: t("results.joints.withinTolerance"),
      className: "text-right tabular-nums",
      priority: "low",
      cell: (row) => (row.withinTolerancePercent === null ? "–" : `${row.withinTolerancePercent}%`),
    },
    {
      key: "result",
      header: t("results.joints.result"),
      cell: (row) => (
        <Badge color={VERDICT_COLOR[row.verdict]}>
          {row.unmeasurable
            ? t(`results.joints.unmeasurable.${row.unmeasurable}`)
            : t(`results.joints.${row.verdict}`)}
        </Badge>
      ),
    },
  ];
  return (
    <>
      <CardTable label={t("results.joints.title")} columns={columns} rows={rows} rowKey={(row) => row.key} />
      {explain ? (
        <ul aria-label={t("results.joints.explainedTitle")} className="mt-3 flex flex-col gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.key}>
              <span className="font-medium">{jointLabel(row)}:</span> <JointExplained row={row} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A joint's figures as a patient reads them: how far from the therapist's movement, how far it moved, how often on target. */
function JointExplained({ row }: { row: JointSummary }) {
  const { t, i18n } = useTranslation();
  if (row.unmeasurable || row.meanAbsError === null) return <>{t("results.joints.notMeasuredExplained")}</>;
  const deg = (value: number) => formatDegrees(value, i18n.language);
  const parts = [
    t("results.detail.jointExplained", {
      joint: t(`videos.joints.${row.joint}`).toLowerCase(),
      value: deg(row.meanAbsError),
      tolerance: deg(row.tolerance),
    }),
  ];
  if (row.measured)
    parts.push(
      t("results.joints.rangeExplained", {
        range: deg(row.measured.range),
        min: deg(row.measured.min),
        max: deg(row.measured.max),
      }),
    );
  if (row.withinTolerancePercent !== null)
    parts.push(t("results.joints.withinExplained", { percent: row.withinTolerancePercent }));
  return <>{parts.join(" ")}</>;
}
