import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage, i18n } from "../../lib/i18n";

/**
 * Spec §2 login messages: wrong credentials, the deactivated-account notice and the other refusals come
 * from their FIZ codes; anything unexpected reads 'An error has occurred while logging'.
 */
export function loginFailureMessage(error: unknown): string {
  const failure = apiFailure(error);
  const unexpected = failure.status === undefined || failure.status >= 500 || failure.fiz === "FIZ301";
  return unexpected ? i18n.t("login.failed") : fizMessage(failure.fiz, currentLocale(), failure.params);
}
