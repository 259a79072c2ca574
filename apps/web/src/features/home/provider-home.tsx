import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { RtmOverviewCard } from "../billing/rtm-overview-card";
import { TodaysEventsCard } from "../calendar/todays-events-card";
import { StatCard } from "./stat-card";

export function ProviderHome() {
  const { t } = useTranslation();
  const roster = trpc.patients.list.useQuery({ page: 1, pageSize: 1 });
  return (
    <div className="flex flex-col gap-4">
      <TodaysEventsCard />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title={t("home.providerRosterCount")}
          value={roster.data?.total}
          icon={<Users />}
          link={{ to: "/roster", label: t("home.openRoster") }}
        />
      </div>
      <RtmOverviewCard />
    </div>
  );
}
