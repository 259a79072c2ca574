import { uiLanguageFor } from "@fizio/domain";
import { createFileRoute, notFound, Outlet, redirect } from "@tanstack/react-router";
import { GatedApp } from "../features/gates/gated-app";
import { canOpen, isRolePage } from "../features/navigation/route-access";
import { IdleLogoff } from "../features/session/idle-logoff";
import { loadSessionUser } from "../features/session/session";
import { SignInRedirect } from "../features/session/sign-in-redirect";
import { useSession } from "../features/session/use-session";
import { LoadingScreen } from "../features/shell/loading-screen";
import { showLanguage } from "../lib/i18n";

/**
 * Everything behind sign-in. Spec §2: routes are registered only for the current role: another role's page
 * leads to the Unauthorized page and an unknown path to Not Found, before any of the page's code or data loads.
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ location, matches }) => {
    const user = await loadSessionUser();
    if (!user) throw redirect({ to: "/login", search: { redirect: location.href } });
    await showLanguage(uiLanguageFor(user));
    const path = matches[matches.length - 1]?.fullPath;
    if (canOpen(user.role, path)) return;
    // Another role's page: say it is not theirs (spec's Unauthorized page), before any of its code or data loads.
    if (isRolePage(path)) throw redirect({ to: "/unauthorized", replace: true });
    throw notFound();
  },
  pendingComponent: LoadingScreen,
  component: AppLayout,
});

function AppLayout() {
  const { data } = useSession();
  if (!data?.user) return <SignInRedirect />;
  return (
    <>
      <IdleLogoff key={data.user.userId} />
      <GatedApp user={data.user}>
        <Outlet />
      </GatedApp>
    </>
  );
}
