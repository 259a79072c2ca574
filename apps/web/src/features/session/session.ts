import type { SessionUser } from "@fizio/domain";
import type { QueryClient } from "@tanstack/react-query";
import { type TrpcUtils, trpc } from "../../lib/trpc";

/** auth.me is the source of truth for who is signed in; it changes only through the calls below. */
const SESSION_OPTIONS = { staleTime: Number.POSITIVE_INFINITY } as const;

export async function loadSessionUser(utils: TrpcUtils): Promise<SessionUser | null> {
  return (await utils.auth.me.ensureData(undefined, SESSION_OPTIONS)).user;
}

export function cachedSessionUser(utils: TrpcUtils): SessionUser | null {
  return utils.auth.me.getData()?.user ?? null;
}

/** The session ended on the server (expired, revoked, signed out): drop everything cached for it. */
export function forgetSession(queryClient: QueryClient, utils: TrpcUtils): void {
  queryClient.clear();
  utils.auth.me.setData(undefined, { user: null });
}

export function useSession() {
  return trpc.auth.me.useQuery(undefined, SESSION_OPTIONS);
}

/** Sign-in, registration, accepting the terms and onboarding each answer with the new user state. */
export function useSetSessionUser() {
  const utils = trpc.useUtils();
  return (user: SessionUser | null) => utils.auth.me.setData(undefined, { user });
}
