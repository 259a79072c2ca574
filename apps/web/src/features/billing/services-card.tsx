import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/** The billable services (the SERVICES codes, remote monitoring's among them) with the unit each is counted in. */
export function ServicesCard() {
  const { t } = useTranslation();
  const services = trpc.parameters.codes.options.useQuery({ kind: "SERVICES" });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("billing.serviceCodes.title")}</CardTitle>
        <CardDescription>{t("billing.serviceCodes.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {(services.data ?? []).map((s) => (
            <li key={s.code} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{s.code}</span> · {s.description}
              </span>
              <span className="text-muted-foreground">
                {s.unit ? t(`billing.serviceCodes.units.${s.unit}`) : null}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
