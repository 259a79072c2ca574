import type { Role } from "@fizio/domain";
import { Stethoscope, UserRound, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { TodaysEventsCard } from "../calendar/todays-events-card";
import { OrganizationTrendsCard } from "./organization-trends-card";
import { StatCard } from "./stat-card";

const GROUPS: { role: Role; label: "admins" | "providers" | "patients"; to: string; icon: ReactNode }[] = [
  { role: "ROLE_ADMIN", label: "admins", to: "/users/admins", icon: <UsersRound /> },
  { role: "ROLE_PROVIDER", label: "providers", to: "/users/providers", icon: <Stethoscope /> },
  { role: "ROLE_PATIENT", label: "patients", to: "/users/patients", icon: <UserRound /> },
];

/** The organisation's week and trend, then user counts read from the same paged list the Users pages use. */
export function AdminHome() {
  const { t } = useTranslation();
  const counts = trpc.useQueries((q) =>
    GROUPS.map(({ role }) => q.users.list({ page: 1, pageSize: 1, role })),
  );
  return (
    <div className="flex flex-col gap-6">
      <TodaysEventsCard />
      <OrganizationTrendsCard />
      <section aria-labelledby="admin-users">
        <h2 id="admin-users" className="mb-3 text-base font-semibold">
          {t("home.adminUsersTitle")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GROUPS.map((group, index) => (
            <StatCard
              key={group.role}
              title={t(`nav.${group.label}`)}
              value={counts[index]?.data?.total}
              icon={group.icon}
              link={{ to: group.to, label: t("home.manage") }}
              description={t(`kpi.${group.label}`)}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
