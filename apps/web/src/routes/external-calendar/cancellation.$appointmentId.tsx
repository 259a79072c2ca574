import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CancellationPage } from "../../features/booking/cancellation-page";
import { PublicLayout } from "../../features/shell/public-layout";

export const Route = createFileRoute("/external-calendar/cancellation/$appointmentId")({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
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
