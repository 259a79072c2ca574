import { Button } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { useGuestDecisions } from "./guest-decisions";
import type { RoomParticipant } from "./use-room";

/** The provider sees who waits to join, whatever panel is open, and lets each guest in or not. */
export function GuestDoor({ participants }: { participants: RoomParticipant[] }) {
  const { t } = useTranslation();
  const { decide, pending } = useGuestDecisions();
  const waiting = participants.filter((p) => p.role === "GUEST" && p.presence === "WAITING" && p.guestId);
  if (waiting.length === 0) return null;
  return (
    <section aria-label={t("visits.guests.title")} className="flex flex-col gap-2 rounded-md border p-2">
      {waiting.map((p) => (
        <div key={p.id} className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-medium">
            {t("visits.guests.waiting", { name: p.displayName })}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={pending}
              aria-label={t("visits.guests.admitName", { name: p.displayName })}
              onClick={() => decide("admit", p.guestId!)}
            >
              {t("visits.guests.admit")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              aria-label={t("visits.guests.denyName", { name: p.displayName })}
              onClick={() => decide("deny", p.guestId!)}
            >
              {t("visits.guests.deny")}
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
