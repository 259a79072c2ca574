import { type Db, findUserById } from "@fizio/db";
import { renderActionEmail } from "@fizio/i18n";
import type { Mailer } from "./mailer";

/** The set-password page of a recovery or welcome token: the web page reads the token from the path. */
export const setPasswordUrl = (appUrl: string, token: string) =>
  `${appUrl}/login/create-new-password/${encodeURIComponent(token)}`;

/** The recovery link goes in the user's language. */
export async function sendRecoveryEmail(
  db: Db,
  mailer: Mailer,
  appUrl: string,
  data: { userId: string; email: string; token: string },
  kind: "recovery" | "welcome" = "recovery",
) {
  const user = await findUserById(db, data.userId);
  const locale = user?.preferredLanguage === "SPANISH" ? "es" : "en";
  const url = setPasswordUrl(appUrl, data.token);
  const content = renderActionEmail(kind, locale, user?.firstName ?? "", url);
  await mailer.send({ to: data.email, ...content });
}
