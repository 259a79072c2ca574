import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";

/** Signs out on the server, forgets everything cached for the user and returns to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    // Leave the signed-in pages first: clearing the session while they are shown would make them redirect
    // to the login page themselves, asking to come back after signing in.
    onSettled: async () => {
      await navigate({ to: "/login" });
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: null });
    },
  });
  return () => logout.mutate();
}
