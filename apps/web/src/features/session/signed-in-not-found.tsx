import type { SessionUser } from "@fizio/domain";
import { GatedApp } from "../gates/gated-app";
import { NotFoundPage } from "../shell/not-found-page";

/** The not-found page inside the signed-in shell: its own chunk, so the login page never downloads the shell. */
export default function SignedInNotFound({ user }: { user: SessionUser }) {
  return (
    <GatedApp user={user}>
      <NotFoundPage />
    </GatedApp>
  );
}
