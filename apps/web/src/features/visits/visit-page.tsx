import { EVENT_EARLY_START_MINUTES } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, Spinner } from "@fizio/ui";
import { Link, useLocation } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage, apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { MediaFailurePanel, mediaFailureOf } from "../activity-session/media-failure-panel";
import { SetupStep } from "../activity-session/setup-step";
import { useCamera } from "../activity-session/use-camera";
import { useDevices } from "../activity-session/use-devices";
import { createVoice } from "../activity-session/voice";
import { formatEventTime } from "../calendar/viewer-zone";
import { FormAlert } from "../forms/form-alert";
import { useSession } from "../session/use-session";
import { CallRoom } from "./call-room";
import { forgetSeat, newConnectionId, readSeat, type StoredSeat, storeSeat } from "./seat-storage";
import { VisitEnded } from "./visit-ended";

/**
 * /invitations/{id} and /invitations/provider/{id}: what the visit is, the setup room (devices, preview,
 * speaker test, a guest's name), then the call. A seat kept in this tab rejoins after a reload.
 */
export function VisitPage({ invitationId }: { invitationId: string }) {
  const { t, i18n } = useTranslation();
  const invitation = trpc.visits.invitation.useQuery({ invitationId }, { retry: false });
  const [seat, setSeat] = useState<StoredSeat | null>(() => readSeat(sessionStorage, invitationId));
  const [ended, setEnded] = useState<"left" | null>(null);

  const leaveSeat = (why: "left" | null) => {
    forgetSeat(sessionStorage, invitationId);
    setSeat(null);
    setEnded(why);
  };

  if (invitation.isPending) return <Spinner label={t("common.loading")} />;
  if (invitation.error)
    return <Message title={t("visits.title")} body={apiErrorMessage(invitation.error, currentLocale())} />;
  const visit = invitation.data;
  const heading = (
    <div className="flex flex-col gap-1">
      <h1 className="text-lg font-semibold">
        {visit.providerName ? t("visits.withProvider", { name: visit.providerName }) : t("visits.title")}
      </h1>
      <p className="text-sm text-muted-foreground">
        {formatEventTime(visit.startOn, visit.endOn, i18n.language)}
      </p>
    </div>
  );
  if (visit.finished) return <VisitEnded kind="finished" heading={heading} />;
  // Cancelled, missed or completed without a call: no room to open.
  if (visit.status !== "SCHEDULED" && visit.status !== "ONGOING")
    return <Message title={t("visits.title")} body={fizMessage("FIZ110", currentLocale())} />;
  if (seat)
    return (
      <CallRoom
        seat={seat}
        heading={heading}
        onLeft={() => leaveSeat("left")}
        onLost={() => {
          leaveSeat(null);
          void invitation.refetch();
        }}
        onFinished={() => {
          forgetSeat(sessionStorage, invitationId);
          void invitation.refetch();
        }}
      />
    );
  if (ended === "left") return <VisitEnded kind="left" heading={heading} onRejoin={() => setEnded(null)} />;
  return (
    <SetupRoom
      invitationId={invitationId}
      providerLink={visit.providerLink}
      startOn={visit.startOn}
      heading={heading}
      onJoined={(joined) => {
        storeSeat(sessionStorage, invitationId, joined);
        setSeat(joined);
      }}
    />
  );
}

function Message({ title, body }: { title: string; body: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <FormAlert message={body} />
      </CardContent>
    </Card>
  );
}

/** Devices, preview and speaker test, remembered like the activity session's; then Join. */
function SetupRoom({
  invitationId,
  providerLink,
  startOn,
  heading,
  onJoined,
}: {
  invitationId: string;
  providerLink: boolean;
  startOn: Date;
  heading: React.ReactNode;
  onJoined: (seat: StoredSeat) => void;
}) {
  const { t } = useTranslation();
  const { href } = useLocation();
  const session = useSession();
  const user = session.data?.user ?? null;
  const voice = useMemo(() => createVoice(currentLocale()), []);
  const [attempt, setAttempt] = useState(0);
  const { state: devices, choose } = useDevices(attempt);
  const camera = useCamera(devices.status === "ready" ? devices.choice : null, attempt);
  const mediaFailure = mediaFailureOf(devices, camera);
  const [name, setName] = useState("");
  const [askName, setAskName] = useState(false);
  const join = trpc.visits.join.useMutation();
  const failure = join.error ? apiFailure(join.error) : null;
  const needsName = !providerLink && (askName || (!session.isPending && user === null));
  const opensLater = startOn.getTime() - Date.now() > EVENT_EARLY_START_MINUTES * 60_000;

  const submit = async () => {
    const connectionId = newConnectionId();
    try {
      const joined = await join.mutateAsync({
        invitationId,
        connectionId,
        displayName: needsName ? name.trim() || undefined : undefined,
      });
      onJoined({ token: joined.token, connectionId, signalsAfter: joined.signalsAfter });
    } catch (error) {
      // A signed-in user who is not the event's patient joins as a guest, under a name they choose.
      if (apiFailure(error).fieldErrors.some((f) => f.path === "displayName") && !askName) {
        setAskName(true);
        setName(user ? `${user.firstName} ${user.lastName}` : "");
      }
    }
  };

  if (providerLink && !session.isPending && !user)
    return (
      <Card>
        <CardHeader>{heading}</CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm">{t("visits.signInToStart")}</p>
          <Button asChild className="self-start">
            <Link to="/login" search={{ redirect: href }}>
              {t("visits.signIn")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    );

  return (
    <Card>
      <CardHeader className="gap-1">
        {heading}
        <CardTitle className="text-base">{t("visits.setupTitle")}</CardTitle>
        {opensLater ? <p className="text-sm text-muted-foreground">{t("visits.notYet")}</p> : null}
      </CardHeader>
      <CardContent className="flex min-h-[24rem] flex-col">
        {mediaFailure ? (
          <MediaFailurePanel failure={mediaFailure} onRetry={() => setAttempt((n) => n + 1)} />
        ) : devices.status === "ready" ? (
          <SetupStep
            devices={devices}
            camera={camera}
            onChoose={choose}
            voice={voice}
            onContinue={() => void submit()}
            starting={join.isPending || (needsName && name.trim() === "")}
            continueLabel={join.isPending ? t("visits.joining") : t("visits.join")}
            error={
              failure && !(needsName && failure.fiz === "FIZ001") ? (
                <FormAlert message={apiErrorMessage(join.error, currentLocale())} />
              ) : null
            }
          >
            {needsName ? (
              <FormField label={t("visits.displayName")} hint={t("visits.displayNameHint")}>
                <Input
                  value={name}
                  maxLength={80}
                  autoComplete="name"
                  onChange={(e) => setName(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" && name.trim()) void submit();
                  }}
                />
              </FormField>
            ) : null}
          </SetupStep>
        ) : (
          <p role="status" className="m-auto text-sm">
            {t("activitySession.setup.requesting")}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
