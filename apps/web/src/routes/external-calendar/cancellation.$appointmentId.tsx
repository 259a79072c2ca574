import { createFileRoute } from "@tanstack/react-router";
import { CancellationPage } from "../../features/booking/cancellation-page";
import { PublicLayout } from "../../features/shell/public-layout";
import { searchParams, textParam } from "../../lib/search-params";

export const Route = createFileRoute("/external-calendar/cancellation/$appointmentId")({
  validateSearch: searchParams({ token: textParam(200) }),
  component: Cancellation,
});

function Cancellation() {
  const { appointmentId } = Route.useParams();
  const { token } = Route.useSearch();
  return (
    <PublicLayout>
      <CancellationPage appointmentId={appointmentId} token={token} />
    </PublicLayout>
  );
}
