import { formatMoney } from "@fizio/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/** Who owes the clinic the most (cash billed less paid), each a link to their services record. */
export function BalancesCard() {
  const { t, i18n } = useTranslation();
  const balances = trpc.billing.transactions.balances.useQuery();
  const rows = balances.data ?? [];
  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>{t("billing.balances.title")}</CardTitle>
        <CardDescription>{t("billing.balances.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {balances.isPending ? (
          <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("billing.balances.none")}</p>
        ) : (
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {rows.map((r) => (
              <li key={r.id} className="flex items-baseline justify-between gap-3 text-sm">
                <Link
                  to="/records/services"
                  search={{ patient: r.id }}
                  className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {r.firstName} {r.lastName}
                </Link>
                <span className="font-medium tabular-nums">{formatMoney(r.balanceCents, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
