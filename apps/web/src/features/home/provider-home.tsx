import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { Film, Inbox, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { RtmOverviewCard } from "../billing/rtm-overview-card";
import { TodaysEventsCard } from "../calendar/todays-events-card";
import { StatCard } from "./stat-card";

/** The provider's day: events, then what waits for them (reviews, messages), then who is falling behind. */
export function ProviderHome() {
  const { t } = useTranslation();
  const roster = trpc.patients.list.useQuery({ page: 1, pageSize: 1 });
  const work = trpc.dashboard.provider.useQuery();
  return (
    <div className="flex flex-col gap-4">
      <TodaysEventsCard />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title={t("home.providerRosterCount")}
          value={roster.data?.total}
          icon={<Users />}
          link={{ to: "/roster", label: t("home.openRoster") }}
          description={t("kpi.rosterCount")}
        />
        <StatCard
          title={t("home.awaitingReview", { days: work.data?.reviewWindowDays ?? 30 })}
          value={work.data?.awaitingReview}
          icon={<Film />}
          link={{ to: "/content/recordings", search: { unreviewed: true }, label: t("home.openRecordings") }}
          description={t("kpi.awaitingReview", { days: work.data?.reviewWindowDays ?? 30 })}
        />
        <StatCard
          title={t("home.unreadMessages")}
          value={work.data?.unread}
          icon={<Inbox />}
          link={{ to: "/messages/inbox", label: t("home.openInbox") }}
          description={t("kpi.unread")}
        />
      </div>
      <FallingBehindCard data={work.data} />
      <RtmOverviewCard />
    </div>
  );
}

function FallingBehindCard({
  data,
}: {
  data:
    | {
        fallingBehindDays: number;
        fallingBehind: {
          items: { id: string; firstName: string; lastName: string; lastRecordingAt: Date | null }[];
          total: number;
        };
      }
    | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("home.fallingBehind")}</CardTitle>
        <CardDescription>
          {t("home.fallingBehindBody", { days: data?.fallingBehindDays ?? 7 })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
        ) : data.fallingBehind.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("home.nobodyBehind")}</p>
        ) : (
          <ul className="divide-y">
            {data.fallingBehind.items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <Link
                  to="/records/patients/$patientId"
                  params={{ patientId: p.id }}
                  className="font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {p.firstName} {p.lastName}
                </Link>
                <span className="text-muted-foreground">
                  {p.lastRecordingAt
                    ? t("home.lastRecorded", {
                        date: formatDate(
                          new Date(p.lastRecordingAt).toISOString().slice(0, 10),
                          i18n.language,
                        ),
                      })
                    : t("home.neverRecorded")}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data && data.fallingBehind.total > data.fallingBehind.items.length ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {t("home.moreBehind", { count: data.fallingBehind.total - data.fallingBehind.items.length })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
