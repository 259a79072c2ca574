import type { SessionUser } from "@fizio/domain";
import { trpc } from "../../lib/trpc";
import { SESSION_OPTIONS, setSessionUser } from "./session";

export function useSession() {
  return trpc.auth.me.useQuery(undefined, SESSION_OPTIONS);
}

export function useSetSessionUser() {
  const utils = trpc.useUtils();
  return (user: SessionUser | null) => setSessionUser(utils, user);
}
