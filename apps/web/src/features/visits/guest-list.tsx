import { Button } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { useGuestDecisions } from "./guest-decisions";

/**
 * A visit's guests and where each stands; a guest turned away can be admitted again, and any invitation not
 * yet withdrawn can be (its link then opens nothing, and a guest in the call is cut off).
 */
export function GuestList({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const guests = trpc.visits.guests.list.useQuery({ eventId });
  const { decide, pending } = useGuestDecisions();
  if (!guests.data?.length) return null;
  return (
    <section aria-labelledby={`guests-${eventId}`} className="flex flex-col gap-2">
      <h3 id={`guests-${eventId}`} className="text-sm font-semibold">
        {t("visits.guests.title")}
      </h3>
      <ul className="flex flex-col gap-2 text-sm">
        {guests.data.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{g.name}</span>
            {g.email ? <span className="text-muted-foreground">{g.email}</span> : null}
            <span className="text-xs text-muted-foreground">
              {t(`visits.guests.statuses.${g.status}`)}
              {g.presence === "WAITING" ? `, ${t("visits.participants.waiting")}` : ""}
              {g.presence === "ADMITTED" ? `, ${t("visits.guests.inCall")}` : ""}
            </span>
            <span className="ml-auto flex gap-2">
              {g.status === "DENIED" || g.status === "REMOVED" || g.presence === "WAITING" ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={t("visits.guests.admitName", { name: g.name })}
                  onClick={() => decide("admit", g.id)}
                >
                  {t("visits.guests.admit")}
                </Button>
              ) : null}
              {g.status !== "REVOKED" ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={t("visits.guests.revokeName", { name: g.name })}
                  onClick={() => decide("revoke", g.id)}
                >
                  {t("visits.guests.revoke")}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
