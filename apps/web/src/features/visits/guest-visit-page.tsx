import { Spinner } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { VisitMessage } from "./setup-room";
import { VisitFlow } from "./visit-flow";

/**
 * /invitations/guest/{token}: a guest's own link, from the provider. No account: the token is the key, and
 * the provider decides in the waiting room whether they come in.
 */
export function GuestVisitPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const invitation = trpc.visits.guestInvitation.useQuery({ token }, { retry: false });
  const join = trpc.visits.guestJoin.useMutation();
  // Once the visit is over the link is dead: what it showed before stays on the page.
  if (!invitation.data) {
    if (invitation.error)
      return (
        <VisitMessage title={t("visits.title")} body={apiErrorMessage(invitation.error, currentLocale())} />
      );
    return <Spinner label={t("common.loading")} />;
  }
  const visit = invitation.data;
  return (
    <VisitFlow
      seatKey={`guest.${token}`}
      visit={visit}
      finished={false}
      signIn={null}
      intro={<p className="text-sm">{t("visits.guestWelcome", { name: visit.guestName })}</p>}
      join={{
        run: (connectionId) => join.mutateAsync({ token, connectionId }),
        pending: join.isPending,
        error: join.error,
      }}
    />
  );
}
