import { addDays, startOfDay } from "date-fns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { eventLabel } from "./event-dialog";
import { EventsCard } from "./events-card";

/** Staff home: today's events (a provider's own; an admin's organisation). */
export function TodaysEventsCard() {
  const { t } = useTranslation();
  const [from] = useState(() => startOfDay(new Date()));
  const events = trpc.calendar.events.range.useQuery({ from, to: addDays(from, 1) });
  return (
    <EventsCard
      title={t("calendar.today.title")}
      loading={events.isPending}
      emptyText={t("calendar.today.empty")}
      items={events.data?.map((e) => ({ ...e, label: eventLabel(e, t("calendar.untitled")) }))}
    />
  );
}
