import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { trpc } from "../../lib/trpc";

/** Why the login page is shown after signing out, when it was not the user's own choice. */
export type SignedOutReason = "idle";

/**
 * Signs out on the server, forgets everything cached for the user and returns to the login page, which says why
 * when the sign-out was automatic (`reason`).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const reason = useRef<SignedOutReason | undefined>(undefined);
  const logout = trpc.auth.logout.useMutation({
    // Leave the signed-in pages first: clearing the session while they are shown would make them redirect
    // to the login page themselves, asking to come back after signing in.
    onSettled: async () => {
      await navigate({ to: "/login", search: reason.current ? { signedOut: reason.current } : {} });
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: null });
    },
  });
  return (why?: SignedOutReason) => {
    reason.current = why;
    logout.mutate();
  };
}
