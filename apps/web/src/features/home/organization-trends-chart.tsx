import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { dateAxis } from "../../lib/charts";
import { colorAt } from "../results/chart-colors";

/** The last weeks' recordings of the organisation, as bars. */
export function OrganizationTrendsChart({ weeks }: { weeks: { week: string; recordings: number }[] }) {
  const { t, i18n } = useTranslation();
  return (
    <figure aria-label={t("home.organizationChart")} className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={weeks} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" {...dateAxis(i18n.language)} />
          <YAxis fontSize={11} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="recordings" name={t("reports.recordings")} fill={colorAt(0)} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
