import { createFileRoute, notFound, Outlet, redirect } from "@tanstack/react-router";
import { GatedApp } from "../features/gates/gated-app";
import { canOpen } from "../features/navigation/route-access";
import { loadSessionUser, useSession } from "../features/session/session";
import { SignInRedirect } from "../features/session/sign-in-redirect";
import { LoadingScreen } from "../features/shell/loading-screen";

/**
 * Everything behind sign-in. Spec §2: routes are registered only for the current role, so a path of
 * another role does not resolve at all (not found, before any of its code or data loads).
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location, matches }) => {
    const user = await loadSessionUser(context.trpc);
    if (!user) throw redirect({ to: "/login", search: { redirect: location.href } });
    if (!canOpen(user.role, matches[matches.length - 1]?.fullPath)) throw notFound();
  },
  pendingComponent: LoadingScreen,
  component: AppLayout,
});

function AppLayout() {
  const { data } = useSession();
  if (!data?.user) return <SignInRedirect />;
  return (
    <GatedApp user={data.user}>
      <Outlet />
    </GatedApp>
  );
}
