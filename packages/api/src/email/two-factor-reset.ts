import type { UserRow } from "@fizio/db";
import { type EmailKind, renderActionEmail } from "@fizio/i18n";
import type { Mailer } from "./mailer";

/** A notice about the user's second factor, in their language, with a link to `url`. */
async function sendTwoFactorNotice(mailer: Mailer, kind: EmailKind, url: string, user: UserRow) {
  const locale = user.preferredLanguage === "SPANISH" ? "es" : "en";
  await mailer.send({ to: user.email, ...renderActionEmail(kind, locale, user.firstName, url) });
}

/** Tells a user that an admin removed their second factor. */
export function sendTwoFactorResetEmail(mailer: Mailer, appUrl: string, user: UserRow) {
  return sendTwoFactorNotice(mailer, "twoFactorReset", `${appUrl}/login`, user);
}

/** Tells a user that their second factor was turned off from their profile. */
export function sendTwoFactorDisabledEmail(mailer: Mailer, appUrl: string, user: UserRow) {
  return sendTwoFactorNotice(mailer, "twoFactorDisabled", `${appUrl}/profile/security`, user);
}
