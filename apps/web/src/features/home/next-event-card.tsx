import { isVisitJoinable } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format";
import { JoinVisitButton } from "../visits/join-visit-button";
import type { PatientDashboard } from "./dashboard-types";

// Join appears by itself when the visit's room opens, without reloading home.
const JOIN_CHECK_MS = 30_000;

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * What to do next: an appointment (with Join once its room is open), today's (or a missed) session, an
 * assessment to answer, or the next session's date.
 */
export function NextEventCard({ home }: { home: PatientDashboard }) {
  const { t, i18n } = useTranslation();
  const now = useNow(JOIN_CHECK_MS);
  const event = home.nextEvent;
  const sessionNumber = (id: string) => home.schedule.find((s) => s.id === id)?.number ?? 0;
  let text = t("results.dashboard.nothingNext");
  let link: { to: string; label: string } | null = null;
  let visit: PatientDashboard["appointments"][number] | null = null;
  if (event?.kind === "ASSESSMENT") {
    text = t("results.dashboard.nextAssessment", { name: event.name });
    link = { to: "/assessments", label: t("results.dashboard.openAssessments") };
  } else if (event?.kind === "APPOINTMENT") {
    text = t("calendar.nextAppointment", { when: formatDateTime(event.startOn, i18n.language) });
    visit = home.appointments.find((a) => a.id === event.eventId) ?? null;
    link = { to: "/calendar/list", label: t("calendar.openCalendar") };
  } else if (event?.kind === "SESSION") {
    text =
      event.date <= home.today
        ? t("results.dashboard.nextSessionToday", { number: sessionNumber(event.sessionId) })
        : t("results.dashboard.nextSessionOn", {
            number: sessionNumber(event.sessionId),
            date: formatDate(event.date, i18n.language),
          });
    link = { to: "/to-do", label: t("results.dashboard.openToDo") };
  }
  return (
    <Card className="border-primary/30">
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">
          {t("results.dashboard.nextEvent")}
        </CardTitle>
        <CalendarClock aria-hidden className="size-5 text-muted-foreground" />
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold">{text}</p>
        {visit && isVisitJoinable({ ...visit, video: visit.video ?? false }, now) ? (
          <JoinVisitButton event={{ ...visit, video: visit.video ?? false }} />
        ) : link ? (
          <Button asChild>
            <Link to={link.to}>{link.label}</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
