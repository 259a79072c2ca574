import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "../../features/shell/public-layout";
import { GuestVisitPage } from "../../features/visits/guest-visit-page";

/** A guest's own link to a video visit, from the provider's invitation: they wait until admitted. */
export const Route = createFileRoute("/invitations/guest/$token")({ component: GuestInvitation });

function GuestInvitation() {
  const { token } = Route.useParams();
  return (
    <PublicLayout full>
      <GuestVisitPage token={token} />
    </PublicLayout>
  );
}
