import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/messages/")({
  beforeLoad: () => {
    throw redirect({ to: "/messages/inbox", replace: true });
  },
});
