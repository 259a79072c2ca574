import { Badge, type BadgeColor } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { analysisFailureMessage, currentLocale } from "../../lib/i18n";
import type { ApiOutputs } from "../../lib/trpc";
import { formatDegrees } from "../results/format";
import { useJointLabel } from "../results/joint-label";

export type RomMovement = NonNullable<ApiOutputs["assessments"]["get"]["movements"]>[number];

const STATE_COLOR: Record<RomMovement["state"], BadgeColor> = {
  NOT_RECORDED: "orange",
  UPLOADING: "blue",
  ANALYSING: "blue",
  MEASURED: "green",
  FAILED: "red",
};

/**
 * A ROM assessment's movements: where each stands and, once measured, the range each joint reached in
 * degrees (smallest to largest angle), with the change since the patient's previous assessment of the same
 * joint. The patient's, the records' and the plan's view alike; `action` adds a control per movement.
 */
export function RomResults({
  movements,
  action,
}: {
  movements: readonly RomMovement[];
  action?: (movement: RomMovement) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const degrees = (value: number) => formatDegrees(value, i18n.language);
  return (
    <ul className="flex flex-col gap-2" aria-label={t("romResults.title")}>
      {movements.map((m) => (
        <li key={m.referenceVideoId} className="flex flex-col gap-1.5 rounded-md border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{m.name}</p>
              <Badge color={STATE_COLOR[m.state]}>
                {t(`romResults.states.${m.state}`, {
                  date: m.measuredAt ? formatDateTime(m.measuredAt, i18n.language) : "",
                })}
              </Badge>
            </div>
            {action?.(m)}
          </div>
          {m.state === "FAILED" ? (
            <p className="text-sm text-muted-foreground">
              {analysisFailureMessage(m.failureCode ?? "ANALYSIS_ERROR", currentLocale())}
            </p>
          ) : null}
          {m.joints.length > 0 ? (
            <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
              {m.joints.map((j) => (
                <div key={j.key} className="contents">
                  <dt className="text-muted-foreground">{jointLabel(j)}</dt>
                  <dd>
                    {j.measured ? (
                      <>
                        <span className="font-semibold">{degrees(j.measured.range)}</span>{" "}
                        <span className="text-muted-foreground">
                          (
                          {t("romResults.fromTo", {
                            min: degrees(j.measured.min),
                            max: degrees(j.measured.max),
                          })}
                          )
                        </span>
                        {" · "}
                        {j.change !== null && j.previous ? (
                          t("romResults.changeSince", {
                            change: `${j.change > 0 ? "+" : ""}${degrees(j.change)}`,
                            date: formatDateTime(j.previous.measuredAt, i18n.language),
                          })
                        ) : (
                          <span className="text-muted-foreground">{t("romResults.first")}</span>
                        )}
                      </>
                    ) : j.unmeasurable ? (
                      t(`results.joints.unmeasurable.${j.unmeasurable}`)
                    ) : (
                      t("romResults.notSeen")
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
