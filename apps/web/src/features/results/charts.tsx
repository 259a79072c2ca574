import { Skeleton } from "@fizio/ui";
import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";

/**
 * The charts (recharts, about 100 KB gzipped) as their own chunk: a page that draws one starts downloading it
 * when it renders, beside its data, and shows a placeholder of the chart's size meanwhile.
 */
const LazyRepChart = lazy(() => import("./rep-chart").then((module) => ({ default: module.RepChart })));
const LazyJointProgressChart = lazy(() =>
  import("./joint-progress-chart").then((module) => ({ default: module.JointProgressChart })),
);
const LazyJointTrendChart = lazy(() =>
  import("./joint-trend-chart").then((module) => ({ default: module.JointTrendChart })),
);
const LazyOrganizationTrendsChart = lazy(() =>
  import("../home/organization-trends-chart").then((module) => ({ default: module.OrganizationTrendsChart })),
);

const ChartSlot = ({ size, children }: { size: string; children: ReactNode }) => (
  <Suspense fallback={<Skeleton className={size} />}>{children}</Suspense>
);

export const RepChart = (props: ComponentProps<typeof LazyRepChart>) => (
  <ChartSlot size="h-64 w-full">
    <LazyRepChart {...props} />
  </ChartSlot>
);

export const JointProgressChart = (props: ComponentProps<typeof LazyJointProgressChart>) => (
  <ChartSlot size="h-64 w-full">
    <LazyJointProgressChart {...props} />
  </ChartSlot>
);

export const JointTrendChart = (props: ComponentProps<typeof LazyJointTrendChart>) => (
  <ChartSlot size="h-48 w-full">
    <LazyJointTrendChart {...props} />
  </ChartSlot>
);

export const OrganizationTrendsChart = (props: ComponentProps<typeof LazyOrganizationTrendsChart>) => (
  <ChartSlot size="h-48 w-full">
    <LazyOrganizationTrendsChart {...props} />
  </ChartSlot>
);
