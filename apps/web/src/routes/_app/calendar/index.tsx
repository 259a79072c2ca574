import { createFileRoute, redirect } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/calendar-page";
import { cachedSessionUser } from "../../../features/session/session";
import { useSession } from "../../../features/session/use-session";

/** Staff plan in month, week and day views; a patient's calendar opens on their list. */
export const Route = createFileRoute("/_app/calendar/")({
  beforeLoad: () => {
    if (cachedSessionUser()?.role === "ROLE_PATIENT") throw redirect({ to: "/calendar/list", replace: true });
  },
  component: StaffCalendar,
});

function StaffCalendar() {
  const user = useSession().data?.user;
  return user ? (
    <CalendarPage
      user={user}
      views={["dayGridMonth", "timeGridWeek", "timeGridDay"]}
      initialView="timeGridWeek"
    />
  ) : null;
}
