import { enumParam, type SearchOf, searchParams, uuidParam } from "../../lib/search-params";
import type { NavLabel } from "../navigation/nav-items";
import { recordingsSearchFields } from "../results/recordings-search";

/** The ten record areas of a patient's chart, in the order of the Records menu, with the menu's labels. */
export const CHART_AREAS = [
  { area: "activity", label: "activity" },
  { area: "medical-history", label: "medicalHistory" },
  { area: "assessments", label: "assessments" },
  { area: "treatment-plans", label: "treatmentPlans" },
  { area: "engagement-history", label: "engagementHistory" },
  { area: "engagement-program", label: "engagementProgram" },
  { area: "case-notes", label: "caseNotes" },
  { area: "services", label: "services" },
  { area: "sessions", label: "sessions" },
  { area: "documents", label: "documents" },
] as const satisfies readonly { area: string; label: NavLabel }[];
export type ChartArea = (typeof CHART_AREAS)[number]["area"];

/**
 * The chart's URL: the area shown and that area's own filters, page and open recording (the patient is in the
 * path), so a link, a reload or Back lands on the same view.
 */
const chartSearchFields = {
  area: enumParam<ChartArea>(CHART_AREAS.map((a) => a.area)),
  ...recordingsSearchFields,
  plan: uuidParam,
};
export const parseChartSearch = searchParams(chartSearchFields);
export type ChartSearch = SearchOf<typeof chartSearchFields>;
