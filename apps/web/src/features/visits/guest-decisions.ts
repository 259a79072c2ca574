import type { GuestDecision } from "@fizio/domain";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/**
 * The provider's say on a guest (admit, deny, remove, revoke), from the call or the event's details: the room
 * shows the outcome through its own stream, the guest list is read again.
 */
export function useGuestDecisions() {
  const utils = trpc.useUtils();
  const options = {
    onSuccess: () => utils.visits.guests.list.invalidate(),
    onError: (error: unknown) => notify.error(apiErrorMessage(error, currentLocale())),
  };
  const mutations = {
    admit: trpc.visits.guests.admit.useMutation(options),
    deny: trpc.visits.guests.deny.useMutation(options),
    remove: trpc.visits.guests.remove.useMutation(options),
    revoke: trpc.visits.guests.revoke.useMutation(options),
  };
  return {
    decide: (decision: GuestDecision, guestId: string) => mutations[decision].mutate({ guestId }),
    pending: Object.values(mutations).some((m) => m.isPending),
  };
}
