import type { UserRow } from "@fizio/db";
import { renderActionEmail } from "@fizio/i18n";
import type { Mailer } from "./mailer";

/** Tells a user, in their language, that an admin removed their second factor. */
export async function sendTwoFactorResetEmail(mailer: Mailer, appUrl: string, user: UserRow) {
  const locale = user.preferredLanguage === "SPANISH" ? "es" : "en";
  await mailer.send({
    to: user.email,
    ...renderActionEmail("twoFactorReset", locale, user.firstName, `${appUrl}/login`),
  });
}

/** Tells a user, in their language, that their second factor was turned off from their profile. */
export async function sendTwoFactorDisabledEmail(mailer: Mailer, appUrl: string, user: UserRow) {
  const locale = user.preferredLanguage === "SPANISH" ? "es" : "en";
  await mailer.send({
    to: user.email,
    ...renderActionEmail("twoFactorDisabled", locale, user.firstName, `${appUrl}/profile/security`),
  });
}
