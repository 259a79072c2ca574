import { GatedApp } from "../gates/gated-app";
import { LoadingScreen } from "../shell/loading-screen";
import { NotFoundPage } from "../shell/not-found-page";
import { useSession } from "./session";
import { SignInRedirect } from "./sign-in-redirect";

/**
 * Spec §2: an unknown path (or another role's path) shows the not-found page for a signed-in user, a
 * loading screen while the role is not known yet, and sends anyone signed out to the login page.
 */
export function SessionNotFound() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!data?.user) return <SignInRedirect />;
  return (
    <GatedApp user={data.user}>
      <NotFoundPage />
    </GatedApp>
  );
}
