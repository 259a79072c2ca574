import type { SessionUser } from "@fizio/domain";
import type { QueryClient } from "@tanstack/react-query";
import { loadDataLayer, loadedDataLayer } from "../../lib/data-layer";
import type { TrpcUtils } from "../../lib/trpc";

/** auth.me is the source of truth for who is signed in; it changes only through the calls below. */
export const SESSION_OPTIONS = { staleTime: Number.POSITIVE_INFINITY } as const;

/** Who is signed in, asking the server the first time: the pages behind sign-in wait for it. */
export async function loadSessionUser(): Promise<SessionUser | null> {
  const { trpc } = await loadDataLayer();
  return (await trpc.auth.me.ensureData(undefined, SESSION_OPTIONS)).user;
}

/** Who is known to be signed in, without asking: nobody until the data layer has loaded. */
export function cachedSessionUser(utils = loadedDataLayer()?.trpc): SessionUser | null {
  return utils?.auth.me.getData()?.user ?? null;
}

/** Sign-in, registration, accepting the terms and onboarding each answer with the new user state. */
export function setSessionUser(utils: TrpcUtils, user: SessionUser | null): void {
  utils.auth.me.setData(undefined, { user });
}

/** The session ended on the server (expired, revoked, signed out): drop everything cached for it. */
export function forgetSession(queryClient: QueryClient, utils: TrpcUtils): void {
  queryClient.clear();
  setSessionUser(utils, null);
}
