import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "../../features/shell/public-layout";
import { VisitPage } from "../../features/visits/visit-page";

/** The participants' link of a video visit: the event's patient, signed in (a guest has a link of their own). */
export const Route = createFileRoute("/invitations/$invitationId")({ component: ParticipantInvitation });

function ParticipantInvitation() {
  const { invitationId } = Route.useParams();
  return (
    <PublicLayout full>
      <VisitPage invitationId={invitationId} />
    </PublicLayout>
  );
}
