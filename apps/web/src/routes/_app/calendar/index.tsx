import { createFileRoute, redirect } from "@tanstack/react-router";

/** Every role's calendar opens on its list view. */
export const Route = createFileRoute("/_app/calendar/")({
  beforeLoad: () => {
    throw redirect({ to: "/calendar/list", replace: true });
  },
});
