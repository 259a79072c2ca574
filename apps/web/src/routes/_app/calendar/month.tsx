import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/calendar-page";
import { useSession } from "../../../features/session/use-session";

export const Route = createFileRoute("/_app/calendar/month")({ component: Month });

function Month() {
  const user = useSession().data?.user;
  return user ? <CalendarPage user={user} views={["dayGridMonth"]} initialView="dayGridMonth" /> : null;
}
