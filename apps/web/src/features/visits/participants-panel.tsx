import { Button } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { useGuestDecisions } from "./guest-decisions";
import type { RoomParticipant } from "./use-room";

/**
 * Who is in the visit, with their role, and who is still waiting to be let in; the provider (`manage`) may
 * remove a guest from the call.
 */
export function ParticipantsPanel({
  participants,
  me,
  manage,
}: {
  participants: RoomParticipant[];
  me: string;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const { decide, pending } = useGuestDecisions();
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {participants.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium">
            {p.id === me ? `${p.displayName} (${t("visits.you")})` : p.displayName}
          </span>
          <span className="text-xs text-muted-foreground">
            {t(`visits.participants.roles.${p.role as "PROVIDER" | "PATIENT" | "GUEST"}`)}
            {p.presence === "WAITING" ? `, ${t("visits.participants.waiting")}` : ""}
          </span>
          {manage && p.guestId && p.presence === "ADMITTED" ? (
            <Button
              size="sm"
              variant="outline"
              className="ml-auto"
              disabled={pending}
              aria-label={t("visits.guests.removeName", { name: p.displayName })}
              onClick={() => decide("remove", p.guestId!)}
            >
              {t("visits.guests.remove")}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
