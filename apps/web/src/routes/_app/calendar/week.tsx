import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/calendar-page";
import { useSession } from "../../../features/session/use-session";

export const Route = createFileRoute("/_app/calendar/week")({ component: Week });

function Week() {
  const user = useSession().data?.user;
  return user ? <CalendarPage user={user} views={["timeGridWeek"]} initialView="timeGridWeek" /> : null;
}
