import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { CalendarX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";

/** The refusals that mean this link will not take bookings however often it is tried. */
const LINK_REFUSALS = new Set(["FIZ272", "FIZ206"]);

/**
 * What the booking page shows in place of the calendar when it cannot load: a link that is unknown, whose
 * provider left (FIZ272) or who stopped taking bookings (FIZ206) says so for good; anything else can be retried.
 */
export function BookingUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const { fiz, params } = apiFailure(error);
  const refused = LINK_REFUSALS.has(fiz);
  return (
    <Card>
      <CardHeader>
        <CalendarX aria-hidden className="size-8 text-muted-foreground" />
        <CardTitle as="h1">
          {refused ? t("booking.unavailableTitle") : t("booking.loadFailedTitle")}
        </CardTitle>
        <CardDescription role="alert">{fizMessage(fiz, currentLocale(), params)}</CardDescription>
      </CardHeader>
      <CardContent>
        {refused ? (
          <p className="text-sm">{t("booking.unavailableHint")}</p>
        ) : (
          <Button variant="outline" onClick={onRetry}>
            {t("booking.retry")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
