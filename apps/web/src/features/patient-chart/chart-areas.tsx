import { tabBarClass, tabTriggerClass } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CHART_AREAS, type ChartArea } from "./chart-search";

/** The chart's record areas as links that keep the patient (in the path); the shown one is the current page. */
export function ChartAreaTabs({ patientId, area }: { patientId: string; area: ChartArea }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("patientChart.areas")} className="mb-5">
      <ul className={tabBarClass}>
        {CHART_AREAS.map((item) => {
          const current = item.area === area;
          return (
            <li key={item.area}>
              <Link
                to="/records/patients/$patientId"
                params={{ patientId }}
                search={{ area: item.area }}
                aria-current={current ? "page" : undefined}
                data-state={current ? "active" : "inactive"}
                className={tabTriggerClass}
              >
                {t(`nav.${item.label}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
