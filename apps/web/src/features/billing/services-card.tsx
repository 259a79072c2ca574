import { RTM_SERVICES, SERVICES } from "@fizio/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** The billable services (the SERVICES codes and the remote-monitoring ones) with the unit each is counted in. */
export function ServicesCard() {
  const { t } = useTranslation();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("billing.serviceCodes.title")}</CardTitle>
        <CardDescription>{t("billing.serviceCodes.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {[...SERVICES, ...RTM_SERVICES.filter((r) => !SERVICES.some((s) => s.code === r.code))].map((s) => (
            <li key={s.code} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{s.code}</span> · {s.name}
              </span>
              <span className="text-muted-foreground">{t(`billing.serviceCodes.units.${s.unit}`)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
