import { createFileRoute } from "@tanstack/react-router";
import { AvailabilityPage } from "../../../features/calendar/availability-page";
import { useSession } from "../../../features/session/use-session";

export const Route = createFileRoute("/_app/calendar/availability")({ component: Availability });

function Availability() {
  const user = useSession().data?.user;
  return user ? <AvailabilityPage user={user} /> : null;
}
