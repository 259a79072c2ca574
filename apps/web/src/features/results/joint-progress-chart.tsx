import { Button, EmptyState, Skeleton } from "@fizio/ui";
import { LineChart as ChartIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { dateAxis, dateTimeLabel, seriesLine } from "../../lib/charts";
import { trpc } from "../../lib/trpc";
import { colorAt } from "./chart-colors";
import { formatDegrees, viewerTimeZone } from "./format";
import { useJointLabel } from "./joint-label";

interface JointProgressChartProps {
  patientId: string;
  groupId?: string;
  from?: string;
  to?: string;
}

type Metric = "error" | "range";

/**
 * Per-joint average error, or range of motion reached, over time (one point per completed recording) for a
 * provider or the patient.
 */
export function JointProgressChart({ patientId, groupId, from, to }: JointProgressChartProps) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const [metric, setMetric] = useState<Metric>("error");
  const progress = trpc.recordings.jointProgress.useQuery({
    patientId,
    groupId,
    from,
    to,
    timeZone: viewerTimeZone(),
  });
  if (progress.isPending) return <Skeleton className="h-64 w-full" />;
  if (!progress.data || progress.data.points.length === 0)
    return <EmptyState icon={<ChartIcon />} title={t("results.progress.empty")} />;
  const { joints, points } = progress.data;
  const data = points.map((p) => ({
    at: new Date(p.recordingDate).toISOString(),
    overall: p.overallAverageError,
    ...(metric === "error" ? p.errors : p.ranges),
  }));
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("results.progress.metric")}</legend>
        {(["error", "range"] as const).map((m) => (
          <Button
            key={m}
            size="sm"
            variant={metric === m ? "default" : "outline"}
            aria-pressed={metric === m}
            onClick={() => setMetric(m)}
          >
            {t(`results.progress.metrics.${m}`)}
          </Button>
        ))}
      </fieldset>
      <figure
        aria-label={`${t("results.progress.title")}: ${t(`results.progress.metrics.${metric}`)}`}
        className="h-72 w-full"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="at" {...dateAxis(i18n.language)} />
            <YAxis fontSize={12} unit="°" />
            <Tooltip
              labelFormatter={dateTimeLabel(i18n.language)}
              formatter={(value) => formatDegrees(typeof value === "number" ? value : null, i18n.language)}
            />
            <Legend />
            {joints.map((joint, index) => (
              <Line
                key={joint.key}
                type="monotone"
                dataKey={joint.key}
                name={jointLabel(joint)}
                stroke={colorAt(index)}
                {...seriesLine}
              />
            ))}
            {metric === "error" ? (
              <Line
                type="monotone"
                dataKey="overall"
                name={t("results.progress.overall")}
                stroke="#0f172a"
                strokeDasharray="5 4"
                {...seriesLine}
              />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
