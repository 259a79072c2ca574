import { LanguageSync } from "./language-sync";
import { useSession } from "./use-session";

/** LanguageSync following the signed-in user (the session's query), on the pages inside the data layer. */
export default function SessionLanguageSync() {
  return <LanguageSync user={useSession().data?.user} />;
}
