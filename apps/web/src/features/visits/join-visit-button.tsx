import { type EventStatus, isVisitJoinable } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { useNavigate } from "@tanstack/react-router";
import { Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/**
 * Join from the calendar or /home: shown for a video event that is Scheduled or Ongoing, from 30 minutes
 * before its start. Staff open the provider link, a patient the participants' link.
 */
export function JoinVisitButton({
  event,
  size,
}: {
  event: { id: string; video: boolean; status: EventStatus; startOn: Date };
  size?: "sm";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  if (!isVisitJoinable(event, new Date())) return null;
  const join = async () => {
    try {
      const room = await utils.visits.room.fetch({ eventId: event.id });
      const url = new URL(room.providerUrl ?? room.participantUrl);
      await navigate({ to: url.pathname });
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    }
  };
  return (
    <Button size={size} onClick={() => void join()}>
      <Video aria-hidden />
      {t("calendar.joinVisit")}
    </Button>
  );
}
