import { createFileRoute } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ServicesView } from "../../../../features/billing/services-view";
import { AssessmentRecordsPage } from "../../../../features/content-lists/record-lists";
import { EngagementHistoryPage } from "../../../../features/engagement/history-page";
import { ProgramsPage } from "../../../../features/engagement/programs-page";
import type { RecordListSearch } from "../../../../features/lists/list-search";
import { ChartAreaTabs } from "../../../../features/patient-chart/chart-areas";
import { ChartHeader } from "../../../../features/patient-chart/chart-header";
import {
  CHART_AREAS,
  type ChartArea,
  type ChartSearch,
  parseChartSearch,
} from "../../../../features/patient-chart/chart-search";
import { PatientPlansPanel } from "../../../../features/patient-plans/patient-plans-dialog";
import { CaseNotesView } from "../../../../features/records/case-notes-view";
import { DocumentsView } from "../../../../features/records/documents-view";
import { MedicalHistoryView } from "../../../../features/records/medical-history-view";
import { SessionRecordsView } from "../../../../features/records/session-records-view";
import { ActivityRecordsPage } from "../../../../features/results/activity-records-page";
import { RecordingDetail } from "../../../../features/results/recording-detail";
import { useSession } from "../../../../features/session/use-session";
import { PageHeader, PageHeadingLevel } from "../../../../features/shell/page-header";

export const Route = createFileRoute("/_app/records/patients/$patientId")({
  validateSearch: parseChartSearch,
  component: Page,
});

/** One patient's chart: the header, then the record areas as tabs, each showing this patient's part only. */
function Page() {
  const { patientId } = Route.useParams();
  const { area = "activity", ...rest } = Route.useSearch();
  return (
    <>
      <ChartHeader patientId={patientId} />
      <ChartAreaTabs patientId={patientId} area={area} />
      <PageHeadingLevel.Provider value="h2">
        <AreaView key={`${patientId}-${area}`} patientId={patientId} area={area} search={rest} />
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
