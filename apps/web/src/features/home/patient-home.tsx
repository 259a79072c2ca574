import { Button, EmptyState, Skeleton } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { LayoutDashboard, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { EventsCard } from "../calendar/events-card";
import { viewerTimeZone } from "../results/format";
import { DashboardStats } from "./dashboard-stats";
import { DashboardTimeline } from "./dashboard-timeline";
import { NextEventCard } from "./next-event-card";
import { PendingAssessmentsCard } from "./pending-assessments-card";
import { ScheduleList } from "./schedule-list";
import { SessionCard } from "./session-card";

/**
 * The patient dashboard (spec §1): system points, average error, treatment plan progress, what is next, the
 * current and next session, the schedule and a timeline of what was done.
 */
export function PatientHome() {
  const { t } = useTranslation();
  const dashboard = trpc.dashboard.patient.useQuery({ timeZone: viewerTimeZone() });
  const heading = (
    <h2 id="patient-dashboard" className="sr-only">
      {t("home.patientTitle")}
    </h2>
  );
  if (dashboard.error)
    return <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(dashboard.error, currentLocale())} />;
  if (!dashboard.data)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
        {heading}
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  const home = dashboard.data;
  return (
    <section aria-labelledby="patient-dashboard" className="flex flex-col gap-4">
      {heading}
      <NextEventCard home={home} />
      <PendingAssessmentsCard pending={home.pending} />
      <DashboardStats home={home} />
      {home.plan ? (
        <div className="grid gap-4 md:grid-cols-2">
          <SessionCard
            title={t("results.dashboard.currentSession")}
            session={home.currentSession}
            emptyText={t("results.dashboard.noCurrentSession")}
          />
          <SessionCard
            title={t("results.dashboard.nextSession")}
            session={home.nextSession}
            emptyText={t("results.dashboard.noNextSession")}
          />
        </div>
      ) : (
        <EmptyState
          icon={<LayoutDashboard />}
          title={t("results.dashboard.noPlan")}
          description={t("results.dashboard.noPlanBody")}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <EventsCard
          title={t("calendar.appointments")}
          emptyText={t("calendar.patientNoEvents")}
          items={home.appointments.map((a) => ({ ...a, label: a.title ?? t("calendar.untitled") }))}
        />
        {home.plan ? <ScheduleList schedule={home.schedule} /> : null}
        <DashboardTimeline entries={home.timeline} />
      </div>
      <div>
        <Button asChild variant="outline">
          <Link to="/past-activity">{t("results.dashboard.viewResults")}</Link>
        </Button>
      </div>
    </section>
  );
}
