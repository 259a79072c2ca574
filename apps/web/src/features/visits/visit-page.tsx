import { Spinner } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { useSession } from "../session/use-session";
import { VisitMessage } from "./setup-room";
import { VisitFlow } from "./visit-flow";

/**
 * /invitations/{id} and /invitations/provider/{id}: the provider's link and the patient's, each for its holder
 * signed in. A guest has a link of their own (/invitations/guest/{token}).
 */
export function VisitPage({ invitationId }: { invitationId: string }) {
  const { t } = useTranslation();
  const invitation = trpc.visits.invitation.useQuery({ invitationId }, { retry: false });
  const join = trpc.visits.join.useMutation();
  const session = useSession();
  if (!invitation.data) {
    if (invitation.error)
      return (
        <VisitMessage title={t("visits.title")} body={apiErrorMessage(invitation.error, currentLocale())} />
      );
    return <Spinner label={t("common.loading")} />;
  }
  const visit = invitation.data;
  const signedOut = !session.isPending && !session.data?.user;
  return (
    <VisitFlow
      seatKey={invitationId}
      visit={visit}
      finished={visit.finished}
      signIn={
        signedOut ? (visit.providerLink ? t("visits.signInToStart") : t("visits.signInAsPatient")) : null
      }
      join={{
        run: (connectionId) => join.mutateAsync({ invitationId, connectionId }),
        pending: join.isPending,
        error: join.error,
      }}
    />
  );
}
