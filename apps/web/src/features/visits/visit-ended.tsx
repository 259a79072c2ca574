import { Button, Card, CardContent, CardHeader } from "@fizio/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The visit is over for this tab: finished by the provider, left, taken over by another tab, or (a guest)
 * turned away by the provider, who alone can let them back.
 */
export function VisitEnded({
  kind,
  heading,
  onRejoin,
  durationMinutes,
}: {
  kind: "finished" | "left" | "replaced" | "lost" | "denied" | "removed";
  heading: ReactNode;
  onRejoin?: () => void;
  durationMinutes?: number | null;
}) {
  const { t } = useTranslation();
  const title = {
    finished: t("visits.finished"),
    left: t("visits.left"),
    replaced: t("visits.replaced"),
    lost: t("visits.connectionLost"),
    denied: t("visits.denied"),
    removed: t("visits.removed"),
  }[kind];
  return (
    <Card>
      <CardHeader>{heading}</CardHeader>
      <CardContent className="flex flex-col gap-3">
        <h2 role="status" className="text-base font-semibold">
          {title}
        </h2>
        {kind === "finished" ? (
          <p className="text-sm text-muted-foreground">
            {durationMinutes ? `${t("visits.finishedDuration", { minutes: durationMinutes })} ` : ""}
            {t("visits.finishedBody")}
          </p>
        ) : null}
        {kind === "denied" || kind === "removed" ? (
          <p className="text-sm text-muted-foreground">{t("visits.turnedAwayBody")}</p>
        ) : null}
        {onRejoin ? (
          <Button className="self-start" onClick={onRejoin}>
            {kind === "replaced" ? t("visits.useHere") : t("visits.rejoin")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
