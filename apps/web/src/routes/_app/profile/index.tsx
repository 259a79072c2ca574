import { createFileRoute, redirect } from "@tanstack/react-router";

/** Spec §3 profile tabs: personal-information (the default), notifications and security. */
export const Route = createFileRoute("/_app/profile/")({
  beforeLoad: () => {
    throw redirect({ to: "/profile/personal-information", replace: true });
  },
});
