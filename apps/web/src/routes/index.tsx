import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadSessionUser } from "../features/session/session";
import { LoadingScreen } from "../features/shell/loading-screen";

/** Spec §2: '/' sends each role to its home, and anyone signed out to the login page. */
export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    const user = await loadSessionUser();
    throw redirect({ to: user ? "/home" : "/login", replace: true });
  },
  pendingComponent: LoadingScreen,
});
