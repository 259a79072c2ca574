import type { LoginInput } from "@fizio/domain";
import { loadDataLayer } from "../../lib/data-layer";
import { setSessionUser } from "../session/session";

/**
 * Signs in through the data layer, which the login page paints without: downloaded by now, or waited for.
 * The session cache then holds the user, as after any sign-in. An enrolled user's password opens the second
 * step instead ("CODE"): no session until `verifySecondStep`.
 */
export async function signIn(input: LoginInput): Promise<"SIGNED_IN" | "CODE"> {
  const { trpc, client, write } = await loadDataLayer();
  const result = await write("auth.login", () => client.auth.login.mutate(input));
  if (!result.user) return "CODE";
  setSessionUser(trpc, result.user);
  return "SIGNED_IN";
}

/** The second step: the authenticator's code or a recovery code. */
export async function verifySecondStep(code: string): Promise<void> {
  const { trpc, client, write } = await loadDataLayer();
  const { user } = await write("twoFactor.verify", () => client.twoFactor.verify.mutate({ code }));
  setSessionUser(trpc, user);
}
