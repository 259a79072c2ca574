import { type AnalysisResult, type JointSummary, type JointVerdict, jointSummaries } from "@fizio/domain";
import {
  Badge,
  type BadgeColor,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { formatDegrees } from "./format";
import { useJointLabel } from "./joint-label";

const VERDICT_COLOR: Record<JointVerdict, BadgeColor> = { PASS: "green", FAIL: "red", UNKNOWN: "grey" };

/**
 * Each measured joint's average error against its tolerance, passed or failed in colour and in words, and the
 * range of motion the patient reached (smallest and largest angle). For the patient, each joint's numbers also in
 * one plain sentence under the table.
 */
export function JointErrorsTable({ result, explain = false }: { result: AnalysisResult; explain?: boolean }) {
  const { t } = useTranslation();
  const jointLabel = useJointLabel();
  const rows = jointSummaries(result);
  return (
    <>
      <JointTable rows={rows} />
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

function JointTable({ rows }: { rows: JointSummary[] }) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  return (
    <Table aria-label={t("results.joints.title")}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("results.joints.joint")}</TableHead>
          <TableHead className="text-right">{t("results.joints.averageError")}</TableHead>
          <TableHead className="text-right">{t("results.joints.rangeOfMotion")}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">{t("results.joints.tolerance")}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            {t("results.joints.withinTolerance")}
          </TableHead>
          <TableHead>{t("results.joints.result")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell className="font-medium">{jointLabel(row)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatDegrees(row.meanAbsError, i18n.language)}
              {/* On a phone the tolerance column is folded into this one, so the result stays in view. */}
              <span className="block text-xs text-muted-foreground sm:hidden">
                {t("results.joints.tolerance")} {formatDegrees(row.tolerance, i18n.language)}
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {row.measured ? (
                <>
                  {formatDegrees(row.measured.range, i18n.language)}
                  <span className="block text-xs text-muted-foreground">
                    {t("results.joints.fromTo", {
                      min: formatDegrees(row.measured.min, i18n.language),
                      max: formatDegrees(row.measured.max, i18n.language),
                    })}
                  </span>
                </>
              ) : (
                "–"
              )}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              {formatDegrees(row.tolerance, i18n.language)}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              {row.withinTolerancePercent === null ? "–" : `${row.withinTolerancePercent}%`}
            </TableCell>
            <TableCell>
              <Badge color={VERDICT_COLOR[row.verdict]}>
                {row.unmeasurable
                  ? t(`results.joints.unmeasurable.${row.unmeasurable}`)
                  : t(`results.joints.${row.verdict}`)}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
