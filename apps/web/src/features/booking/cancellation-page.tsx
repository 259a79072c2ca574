import { Button, Card, CardContent, CardHeader, CardTitle, Spinner } from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { formatEventTime } from "../calendar/viewer-zone";
import { FormAlert } from "../forms/form-alert";

/** /external-calendar/cancellation/{appointmentId}?token=…: the emailed link cancels a future booking. */
export function CancellationPage({
  appointmentId,
  token,
}: {
  appointmentId: string;
  token: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("booking.cancelTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {token ? (
          <Cancellation appointmentId={appointmentId} token={token} />
        ) : (
          <FormAlert message={t("booking.missingToken")} />
        )}
      </CardContent>
    </Card>
  );
}

function Cancellation({ appointmentId, token }: { appointmentId: string; token: string }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const appointment = trpc.calendar.public.appointment.useQuery({ appointmentId, token }, { retry: false });
  const cancel = trpc.calendar.public.cancel.useMutation({ onSuccess: () => appointment.refetch() });
  const message = (error: unknown) => fizMessage(apiFailure(error).fiz, currentLocale());
  if (appointment.isPending) return <Spinner label={t("common.loading")} />;
  if (appointment.error) return <FormAlert message={message(appointment.error)} />;
  const a = appointment.data;
  return (
    <>
      <p>
        {t("booking.appointmentAt", {
          when: formatEventTime(a.startOn, a.endOn, i18n.language, a.timeZone ?? undefined),
        })}
      </p>
      {a.status === "CANCELLED" ? (
        <p role="status" className="font-medium">
          {cancel.isSuccess ? t("booking.cancelled") : t("booking.alreadyCancelled")}
        </p>
      ) : !a.cancellable ? (
        <p className="text-sm text-muted-foreground">{t("booking.notCancellable")}</p>
      ) : confirming ? (
        <div className="flex flex-col gap-3 rounded-md border border-destructive/30 p-3">
          <p className="text-sm">{t("booking.cancelConfirm")}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ appointmentId, token })}
            >
              {t("booking.cancelYes")}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t("booking.keep")}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
          {t("booking.cancelButton")}
        </Button>
      )}
      {cancel.error ? <FormAlert message={message(cancel.error)} /> : null}
    </>
  );
}
