import { createFileRoute, redirect } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/calendar-page";
import { cachedSessionUser, useSession } from "../../../features/session/session";

/** Staff plan in month, week and day views; a patient's calendar opens on their list. */
export const Route = createFileRoute("/_app/calendar/")({
  beforeLoad: ({ context }) => {
    if (cachedSessionUser(context.trpc)?.role === "ROLE_PATIENT")
      throw redirect({ to: "/calendar/list", replace: true });
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
