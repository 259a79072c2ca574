import { createFileRoute } from "@tanstack/react-router";
import { BookingPage } from "../../features/booking/booking-page";
import { PublicLayout } from "../../features/shell/public-layout";

export const Route = createFileRoute("/external-calendar/$calendarId")({ component: ExternalCalendar });

function ExternalCalendar() {
  const { calendarId } = Route.useParams();
  return (
    <PublicLayout wide>
      <BookingPage calendarId={calendarId} />
    </PublicLayout>
  );
}
