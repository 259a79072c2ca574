import { type AnalysisResult, type JointVerdict, jointSummaries } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { CardTable, type Column } from "../lists/card-table";
import { formatDegrees } from "./format";
import { useJointLabel } from "./joint-label";

type JointRow = ReturnType<typeof jointSummaries>[number];

const VERDICT_COLOR: Record<JointVerdict, BadgeColor> = { PASS: "green", FAIL: "red", UNKNOWN: "grey" };

/**
 * Each measured joint's average error against its tolerance, passed or failed in colour and in words, and the
 * range of motion the patient reached (smallest and largest angle).
 */
export function JointErrorsTable({ result }: { result: AnalysisResult }) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const degrees = (value: number | null) => formatDegrees(value, i18n.language);
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
    <CardTable
      label={t("results.joints.title")}
      columns={columns}
      rows={jointSummaries(result)}
      rowKey={(row) => row.key}
    />
  );
}
