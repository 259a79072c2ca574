import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { PatientDashboard } from "./dashboard-types";

/** The assessments the therapist is waiting for, each with a button to answer it; nothing when none wait. */
export function PendingAssessmentsCard({ pending }: { pending: PatientDashboard["pending"] }) {
  const { t } = useTranslation();
  if (pending.length === 0) return null;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-2">
        <CardTitle className="text-base">{t("results.dashboard.pendingTitle")}</CardTitle>
        <Badge color="orange">{t("results.dashboard.pendingCount", { count: pending.length })}</Badge>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label={t("results.dashboard.pendingTitle")}>
          {pending.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 font-medium">{a.name}</span>
              <Button asChild size="sm">
                <Link
                  to="/assessments"
                  search={{ id: a.id }}
                  aria-label={t("results.dashboard.answerNamed", { name: a.name })}
                >
                  {t("results.dashboard.answer")}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
