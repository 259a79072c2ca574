/** Line colours of the result charts, one per joint in order; distinguishable and readable on white. */
export const CHART_COLORS = [
  "#2563eb",
  "#d97706",
  "#059669",
  "#9333ea",
  "#dc2626",
  "#0891b2",
  "#4b5563",
  "#be185d",
];

export const colorAt = (index: number) => CHART_COLORS[index % CHART_COLORS.length]!;
