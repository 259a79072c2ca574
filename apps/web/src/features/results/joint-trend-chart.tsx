import { type AnalysisResult, jointKey as keyOf } from "@fizio/domain";
import { EmptyState, Label, Skeleton } from "@fizio/ui";
import { LineChart as ChartIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { dateAxis, dateTimeLabel, seriesLine } from "../../lib/charts";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";
import { colorAt } from "./chart-colors";
import { formatDegrees, viewerTimeZone } from "./format";
import { useJointLabel } from "./joint-label";

/** Recordings the trend looks back over. */
const LAST_RECORDINGS = 10;

/**
 * One joint's average error over the patient's last recordings of the same activity, this recording marked: is
 * it getting better? The joint is picked among this recording's (its worst first).
 */
export function JointTrendChart({
  patientId,
  groupId,
  recordingId,
  result,
}: {
  patientId: string;
  groupId: string | null;
  recordingId: string;
  result: AnalysisResult;
}) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const joints = [...result.joints].sort((a, b) => (b.meanAbsError ?? 0) - (a.meanAbsError ?? 0));
  const selectId = useId();
  const [joint, setJoint] = useState(joints[0] ? keyOf(joints[0]) : "");
  const progress = trpc.recordings.jointProgress.useQuery({
    patientId,
    groupId: groupId ?? undefined,
    timeZone: viewerTimeZone(),
  });
  if (progress.isPending) return <Skeleton className="h-48 w-full" />;
  const points = (progress.data?.points ?? []).slice(-LAST_RECORDINGS);
  if (points.length === 0 || !joint)
    return <EmptyState icon={<ChartIcon />} title={t("results.progress.empty")} />;
  const data = points.map((p) => ({
    id: p.recordingId,
    at: p.recordingDate.toISOString(),
    value: p.errors[joint] ?? null,
  }));
  const current = data.find((d) => d.id === recordingId);
  const chosen = joints.find((j) => keyOf(j) === joint);
  const label = chosen ? jointLabel(chosen) : joint;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Label htmlFor={selectId}>{t("results.review.trendJoint")}</Label>
        <SelectField
          id={selectId}
          className="h-9 w-auto min-w-40"
          value={joint}
          options={joints.map((j) => ({ value: keyOf(j), label: jointLabel(j) }))}
          onChange={setJoint}
        />
      </div>
      <figure
        aria-label={t("results.review.trendFigure", { joint: label, count: data.length })}
        className="h-48"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="at" {...dateAxis(i18n.language)} />
            <YAxis fontSize={12} width={40} unit="°" />
            <Tooltip
              labelFormatter={dateTimeLabel(i18n.language)}
              formatter={(value) => formatDegrees(Number(value), i18n.language)}
            />
            <Line type="monotone" dataKey="value" name={label} stroke={colorAt(0)} {...seriesLine} />
            {current?.value != null ? (
              <ReferenceDot x={current.at} y={current.value} r={6} fill={colorAt(1)} stroke="none" />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <p className="text-sm text-muted-foreground">
        {t("results.review.trendSummary", {
          joint: label,
          count: data.length,
          first: formatDegrees(data[0]?.value ?? null, i18n.language),
          last: formatDegrees(data.at(-1)?.value ?? null, i18n.language),
        })}
      </p>
    </div>
  );
}
