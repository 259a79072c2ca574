import { useTranslation } from "react-i18next";
import type { RoomParticipant } from "./use-room";

/** Who is in the visit, with their role, and who is still waiting to be let in. */
export function ParticipantsPanel({ participants, me }: { participants: RoomParticipant[]; me: string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {participants.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">
            {p.id === me ? `${p.displayName} (${t("visits.you")})` : p.displayName}
          </span>
          <span className="text-xs text-muted-foreground">
            {t(`visits.participants.roles.${p.role as "PROVIDER" | "PATIENT" | "GUEST"}`)}
            {p.presence === "WAITING" ? `, ${t("visits.participants.waiting")}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
