import { type AnalysisResult, jointKey, repSeries } from "@fizio/domain";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { colorAt } from "./chart-colors";
import { formatDegrees } from "./format";
import { useJointLabel } from "./joint-label";

/** Each joint's average error per repetition, so the patient sees where the movement drifted. */
export function RepChart({ result }: { result: AnalysisResult }) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const series = repSeries(result);
  if (series.length === 0)
    return <p className="text-sm text-muted-foreground">{t("results.repsChart.noReps")}</p>;
  const data = series.map((point) => ({
    rep: t("results.repsChart.rep", { rep: point.rep }),
    ...point.errors,
  }));
  return (
    <figure aria-label={t("results.repsChart.title")} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="rep" fontSize={12} />
          <YAxis fontSize={12} unit="°" />
          <Tooltip
            formatter={(value) => formatDegrees(typeof value === "number" ? value : null, i18n.language)}
          />
          <Legend />
          {result.joints.map((joint, index) => (
            <Line
              key={jointKey(joint)}
              type="monotone"
              dataKey={jointKey(joint)}
              name={jointLabel(joint)}
              stroke={colorAt(index)}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
