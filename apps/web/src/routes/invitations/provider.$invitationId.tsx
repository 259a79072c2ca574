import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "../../features/shell/public-layout";
import { VisitPage } from "../../features/visits/visit-page";

/** The provider's link of a video visit: joining starts the event and lets the waiting room in. */
export const Route = createFileRoute("/invitations/provider/$invitationId")({
  component: ProviderInvitation,
});

function ProviderInvitation() {
  const { invitationId } = Route.useParams();
  return (
    <PublicLayout full>
      <VisitPage invitationId={invitationId} />
    </PublicLayout>
  );
}
