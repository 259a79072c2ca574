import { lazy, Suspense } from "react";
import { LoadingScreen } from "../shell/loading-screen";
import { SignInRedirect } from "./sign-in-redirect";
import { useSession } from "./use-session";

const SignedInNotFound = lazy(() => import("./signed-in-not-found"));

/**
 * Spec §2: an unknown path (or another role's path) shows the not-found page for a signed-in user, a
 * loading screen while the role is not known yet, and sends anyone signed out to the login page.
 */
export function SessionNotFound() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!data?.user) return <SignInRedirect />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInNotFound user={data.user} />
    </Suspense>
  );
}
