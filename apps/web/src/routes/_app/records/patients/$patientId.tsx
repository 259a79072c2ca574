import { Spinner } from "@fizio/ui";
import { createFileRoute } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { RecordListSearch } from "../../../../features/lists/list-search";
import { ChartAreaTabs } from "../../../../features/patient-chart/chart-areas";
import { ChartHeader } from "../../../../features/patient-chart/chart-header";
import {
  CHART_AREAS,
  type ChartArea,
  type ChartSearch,
  parseChartSearch,
} from "../../../../features/patient-chart/chart-search";
import { useSession } from "../../../../features/session/use-session";
import { PageHeader, PageHeadingLevel } from "../../../../features/shell/page-header";

/**
 * The areas load when their tab is opened: all ten in the chart's first download were 53 KB gzipped over the
 * pages' budget (scripts/bundle-budget.ts), for one area shown at a time.
 */
const ServicesView = lazy(() =>
  import("../../../../features/billing/services-view").then((m) => ({ default: m.ServicesView })),
);
const AssessmentRecordsPage = lazy(() =>
  import("../../../../features/content-lists/record-lists").then((m) => ({
    default: m.AssessmentRecordsPage,
  })),
);
const EngagementHistoryPage = lazy(() =>
  import("../../../../features/engagement/history-page").then((m) => ({ default: m.EngagementHistoryPage })),
);
const ProgramsPage = lazy(() =>
  import("../../../../features/engagement/programs-page").then((m) => ({ default: m.ProgramsPage })),
);
const PatientPlansPanel = lazy(() =>
  import("../../../../features/patient-plans/patient-plans-dialog").then((m) => ({
    default: m.PatientPlansPanel,
  })),
);
const CaseNotesView = lazy(() =>
  import("../../../../features/records/case-notes-view").then((m) => ({ default: m.CaseNotesView })),
);
const DocumentsView = lazy(() =>
  import("../../../../features/records/documents-view").then((m) => ({ default: m.DocumentsView })),
);
const MedicalHistoryView = lazy(() =>
  import("../../../../features/records/medical-history-view").then((m) => ({
    default: m.MedicalHistoryView,
  })),
);
const SessionRecordsView = lazy(() =>
  import("../../../../features/records/session-records-view").then((m) => ({
    default: m.SessionRecordsView,
  })),
);
const ActivityRecordsPage = lazy(() =>
  import("../../../../features/results/activity-records-page").then((m) => ({
    default: m.ActivityRecordsPage,
  })),
);
const RecordingDetail = lazy(() =>
  import("../../../../features/results/recording-detail").then((m) => ({ default: m.RecordingDetail })),
);

export const Route = createFileRoute("/_app/records/patients/$patientId")({
  validateSearch: parseChartSearch,
  component: Page,
});

/** One patient's chart: the header, then the record areas as tabs, each showing this patient's part only. */
function Page() {
  const { patientId } = Route.useParams();
  const { area = "activity", ...rest } = Route.useSearch();
  const { t } = useTranslation();
  return (
    <>
      <ChartHeader patientId={patientId} />
      <ChartAreaTabs patientId={patientId} area={area} />
      <PageHeadingLevel.Provider value="h2">
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <AreaView key={`${patientId}-${area}`} patientId={patientId} area={area} search={rest} />
        </Suspense>
      </PageHeadingLevel.Provider>
    </>
  );
}

function AreaView({
  patientId,
  area,
  search,
}: {
  patientId: string;
  area: ChartArea;
  search: Omit<ChartSearch, "area">;
}) {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  const role = useSession().data?.user?.role;
  const setSearch = (next: Omit<ChartSearch, "area">, replace = true) =>
    navigate({ search: { area, ...next }, replace });
  const list = {
    search: { page: search.page, q: search.q, patient: patientId },
    onSearchChange: ({ patient: _, ...next }: RecordListSearch) => setSearch(next),
    fixedPatient: true,
  };
  const label = t(`nav.${CHART_AREAS.find((a) => a.area === area)?.label ?? "activity"}`);
  const titled = (view: ReactNode) => (
    <>
      <PageHeader title={label} />
      {view}
    </>
  );
  switch (area) {
    case "activity": {
      const { recording, plan: _, ...filters } = search;
      return recording ? (
        <RecordingDetail id={recording} viewer="staff" onBack={() => setSearch(filters, false)} />
      ) : (
        <ActivityRecordsPage
          fixedPatient
          search={{ ...filters, patient: patientId }}
          onSearchChange={({ patient: _, ...next }) => setSearch(next, !next.recording)}
        />
      );
    }
    case "medical-history":
      return titled(<MedicalHistoryView patientId={patientId} staff />);
    case "assessments":
      return <AssessmentRecordsPage {...list} />;
    case "treatment-plans":
      return titled(<PatientPlansPanel patientId={patientId} />);
    case "engagement-history":
      return <EngagementHistoryPage {...list} />;
    case "engagement-program":
      return <ProgramsPage {...list} />;
    case "case-notes":
      return titled(<CaseNotesView patientId={patientId} canWrite={role === "ROLE_PROVIDER"} />);
    case "services":
      return titled(<ServicesView patientId={patientId} />);
    case "sessions":
      return titled(
        <SessionRecordsView
          patientId={patientId}
          search={{
            page: search.page,
            plan: search.plan,
            status: search.status === "FAILED" ? undefined : search.status,
            from: search.from,
            to: search.to,
          }}
          onSearchChange={(next) => setSearch(next, false)}
        />,
      );
    case "documents":
      return titled(<DocumentsView patientId={patientId} />);
  }
}
