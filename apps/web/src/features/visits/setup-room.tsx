import { EVENT_EARLY_START_MINUTES } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Link, useLocation } from "@tanstack/react-router";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { MediaFailurePanel, mediaFailureOf } from "../activity-session/media-failure-panel";
import { SetupStep } from "../activity-session/setup-step";
import { useCamera } from "../activity-session/use-camera";
import { useDevices } from "../activity-session/use-devices";
import { createVoice } from "../activity-session/voice";
import { FormAlert } from "../forms/form-alert";
import { newConnectionId, type StoredSeat } from "./seat-storage";

/** A join of any kind (the provider's, the patient's, a guest's): its pending state, its refusal, the call. */
export interface JoinAction {
  run: (connectionId: string) => Promise<{ token: string; signalsAfter: number }>;
  pending: boolean;
  error: unknown;
}

/** Devices, preview and speaker test, remembered like the activity session's; then Join. */
export function SetupRoom({
  startOn,
  heading,
  join,
  onJoined,
  children,
}: {
  startOn: Date;
  heading: ReactNode;
  join: JoinAction;
  onJoined: (seat: StoredSeat) => void;
  /** What this visitor is told above the devices (a guest: the name they were invited under). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const voice = useMemo(() => createVoice(currentLocale()), []);
  const [attempt, setAttempt] = useState(0);
  const { state: devices, choose } = useDevices(attempt);
  const camera = useCamera(devices.status === "ready" ? devices.choice : null, attempt);
  const mediaFailure = mediaFailureOf(devices, camera);
  const opensLater = startOn.getTime() - Date.now() > EVENT_EARLY_START_MINUTES * 60_000;

  const submit = async () => {
    const connectionId = newConnectionId();
    try {
      const joined = await join.run(connectionId);
      onJoined({ token: joined.token, connectionId, signalsAfter: joined.signalsAfter });
    } catch {
      // The refusal is shown from join.error.
    }
  };

  return (
    <Card>
      <CardHeader className="gap-1">
        {heading}
        <CardTitle className="text-base">{t("visits.setupTitle")}</CardTitle>
        {children}
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
            starting={join.pending}
            continueLabel={join.pending ? t("visits.joining") : t("visits.join")}
            error={join.error ? <FormAlert message={apiErrorMessage(join.error, currentLocale())} /> : null}
          />
        ) : (
          <p role="status" className="m-auto text-sm">
            {t("activitySession.setup.requesting")}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** A link that needs its holder signed in as someone (the event's provider, its patient) first. */
export function SignInFirst({ heading, message }: { heading: ReactNode; message: string }) {
  const { t } = useTranslation();
  const { href } = useLocation();
  return (
    <Card>
      <CardHeader>{heading}</CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm">{message}</p>
        <Button asChild className="self-start">
          <Link to="/login" search={{ redirect: href }}>
            {t("visits.signIn")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A refusal where the call would be: the link is dead, or the visit cannot be joined. */
export function VisitMessage({ title, body }: { title: string; body: string }) {
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
