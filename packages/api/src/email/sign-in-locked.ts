import type { UserRow } from "@fizio/db";
import { renderActionEmail } from "@fizio/i18n";
import type { Mailer } from "./mailer";

/** Tells an account's owner, in their language, that failed sign-ins locked it, with a way to a new password. */
export async function sendSignInLockedEmail(mailer: Mailer, appUrl: string, user: UserRow) {
  const locale = user.preferredLanguage === "SPANISH" ? "es" : "en";
  const content = renderActionEmail(
    "signInLocked",
    locale,
    user.firstName,
    `${appUrl}/login/password-recovery`,
  );
  await mailer.send({ to: user.email, ...content });
}
