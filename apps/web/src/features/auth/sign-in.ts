import type { LoginInput } from "@fizio/domain";
import { loadDataLayer } from "../../lib/data-layer";
import { setSessionUser } from "../session/session";

/**
 * Signs in through the data layer, which the login page paints without: downloaded by now, or waited for.
 * The session cache then holds the user, as after any sign-in.
 */
export async function signIn(input: LoginInput): Promise<void> {
  const { trpc, client, write } = await loadDataLayer();
  const { user } = await write("auth.login", () => client.auth.login.mutate(input));
  setSessionUser(trpc, user);
}
