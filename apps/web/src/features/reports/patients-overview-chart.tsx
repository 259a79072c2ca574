import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { colorAt } from "../results/chart-colors";

export interface PatientsOverviewPoint {
  week: string;
  adherence: number | null;
  error: number | null;
}

/** Adherence and average error per week of the patients overview report. */
export function PatientsOverviewChart({ data: chartData }: { data: PatientsOverviewPoint[] }) {
  const { t } = useTranslation();
  return (
    <figure aria-label={t("reports.chartLabel")} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={chartData} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="week" fontSize={11} />
          <YAxis yAxisId="adherence" fontSize={12} unit="%" domain={[0, 100]} />
          <YAxis yAxisId="error" orientation="right" fontSize={12} unit="°" />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="adherence"
            dataKey="adherence"
            name={t("reports.adherence")}
            stroke={colorAt(0)}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            yAxisId="error"
            dataKey="error"
            name={t("reports.averageError")}
            stroke={colorAt(1)}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
