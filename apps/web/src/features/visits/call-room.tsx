import type { VisitSignal } from "@fizio/domain";
import { Button, cn, Spinner } from "@fizio/ui";
import {
  MessageSquare,
  Mic,
  MicOff,
  MonitorUp,
  PhoneOff,
  Settings2,
  SquareX,
  Users,
  Video,
  VideoOff,
  X,
} from "lucide-react";
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useKeepAlive } from "../../lib/activity";
import { apiErrorMessage, apiFailure } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { DeviceSelects } from "../activity-session/device-selects";
import { MediaFailurePanel, mediaFailureOf } from "../activity-session/media-failure-panel";
import { useCamera } from "../activity-session/use-camera";
import { useDevices } from "../activity-session/use-devices";
import { FormAlert } from "../forms/form-alert";
import { ChatPanel } from "./chat-panel";
import { GuestDoor } from "./guest-door";
import { embeddedCall } from "./media/embedded-call";
import type { CallEngine } from "./media/types";
import { vonageCall } from "./media/vonage-call";
import { ParticipantsPanel } from "./participants-panel";
import type { StoredSeat } from "./seat-storage";
import { useRoom } from "./use-room";
import { VideoTile } from "./video-tile";
import { VisitEnded } from "./visit-ended";

type Panel = "chat" | "participants" | "devices" | null;

/**
 * The seat's room: the waiting room until the provider lets them in, then the call. Media starts once the
 * seat is admitted and the camera is ready; signals that arrive before the engine wait for it.
 */
export function CallRoom({
  seat,
  heading,
  onLeft,
  onLost,
  onFinished,
  onTurnedAway,
}: {
  seat: StoredSeat;
  heading: ReactNode;
  onLeft: () => void;
  onLost: () => void;
  onFinished: () => void;
  /** A guest the provider denied or removed: their seat is gone for good. */
  onTurnedAway: (how: "denied" | "removed") => void;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { state: devices, choose } = useDevices(attempt);
  const camera = useCamera(devices.status === "ready" ? devices.choice : null, attempt);
  const engine = useRef<CallEngine | null>(null);
  const pending = useRef<{ from: string; body: VisitSignal }[]>([]);
  const [, render] = useReducer((n: number) => n + 1, 0);
  const [mediaFailed, setMediaFailed] = useState(false);
  const [lost, setLost] = useState(false);
  // A video visit is activity however long nobody touches the keyboard.
  useKeepAlive(true);

  const onSignals = useCallback((signals: { from: string; body: VisitSignal }[]) => {
    if (engine.current) for (const s of signals) engine.current.receive(s.from, s.body);
    else pending.current.push(...signals);
  }, []);
  const room = useRoom(seat, onSignals, (error) => {
    const failure = apiFailure(error);
    // A guest the provider turned away while this page was closed (a reload): they stay out.
    if (failure.fiz === "FIZ275") onTurnedAway("removed");
    // The seat is gone (left elsewhere, expired) or the visit ended: the page decides what to show.
    else if (failure.status !== undefined) onLost();
    else setLost(true);
  });
  const admitted = room.me?.presence === "ADMITTED";
  const media = trpc.visits.media.useQuery(
    { token: seat.token },
    { enabled: admitted, staleTime: Number.POSITIVE_INFINITY, retry: false },
  );
  const signal = trpc.visits.signal.useMutation();
  const sendSignal = signal.mutateAsync;
  const stream = camera.status === "ready" ? camera.stream : null;
  const credentials = media.data;

  useEffect(() => {
    if (room.ended === "finished") onFinished();
    if (room.ended === "left") onLeft();
    if (room.ended === "denied" || room.ended === "removed") onTurnedAway(room.ended);
  }, [room.ended, onFinished, onLeft, onTurnedAway]);

  // One engine per admitted seat; later camera changes are handed to it, not a reason to start over.
  const hasStream = stream !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream at start only; changes are replaced below
  useEffect(() => {
    if (!admitted || !credentials || !hasStream || !stream || !room.me) return;
    let live = true;
    const callbacks = { onChange: render, onFailure: () => setMediaFailed(true) };
    const started: Promise<CallEngine> =
      credentials.kind === "embedded"
        ? Promise.resolve(
            embeddedCall({
              me: room.me.id,
              iceServers: credentials.iceServers,
              local: stream,
              send: (to, signals) => sendSignal({ token: seat.token, to, signals }),
              callbacks,
            }),
          )
        : vonageCall({ ...credentials, local: stream, callbacks });
    void started
      .then((e) => {
        if (!live) return e.close();
        engine.current = e;
        for (const s of pending.current.splice(0)) e.receive(s.from, s.body);
        render();
      })
      .catch(() => setMediaFailed(true));
    return () => {
      live = false;
      engine.current?.close();
      engine.current = null;
    };
  }, [admitted, credentials, hasStream, room.me?.id, seat.token, sendSignal]);

  useEffect(() => {
    if (stream && engine.current) engine.current.replaceLocalStream(stream);
  }, [stream]);

  const others = room.participants.filter((p) => p.id !== room.me?.id && p.presence === "ADMITTED");
  const otherIds = others.map((p) => p.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids, not the array
  useEffect(() => {
    engine.current?.syncParticipants(otherIds ? otherIds.split(",") : []);
  }, [otherIds, engine.current]);

  if (room.ended === "replaced") return <VisitEnded kind="replaced" heading={heading} onRejoin={onLost} />;
  if (lost || mediaFailed) return <VisitEnded kind="lost" heading={heading} onRejoin={onLost} />;
  const mediaFailure = mediaFailureOf(devices, camera);
  if (mediaFailure)
    return <MediaFailurePanel failure={mediaFailure} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!room.me || !stream) return <Spinner label={t("visits.connecting")} />;
  if (!admitted)
    return (
      <WaitingRoom
        heading={heading}
        stream={stream}
        token={seat.token}
        guest={room.me.role === "GUEST"}
        onLeft={onLeft}
      />
    );
  if (media.error) return <FormAlert message={apiErrorMessage(media.error, currentLocale())} />;
  return (
    <CallView
      token={seat.token}
      me={room.me}
      participants={room.participants}
      messages={room.messages}
      engine={engine.current}
      cameraStream={stream}
      devices={devices.status === "ready" ? devices : null}
      onChoose={choose}
      onLeft={onLeft}
    />
  );
}

/**
 * Until the provider lets this seat in: the camera's preview, what it waits for, and Leave. The preview's box
 * has its own size (as wide as a phone's column, at most 28rem, 16:9), so on a wide window the picture cannot
 * grow over the text and the button below it.
 */
function WaitingRoom({
  heading,
  stream,
  token,
  guest,
  onLeft,
}: {
  heading: ReactNode;
  stream: MediaStream;
  token: string;
  guest: boolean;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const leave = trpc.visits.leave.useMutation({ onSettled: onLeft });
  return (
    <div className="flex flex-col gap-4 rounded-lg border bg-background p-4">
      {heading}
      <div data-testid="waiting-preview" className="aspect-video w-full max-w-md self-center">
        <VideoTile
          name={t("visits.you")}
          stream={stream}
          media={{ audio: true, video: true, screen: false }}
          self
          className="size-full"
        />
      </div>
      <div role="status" className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">
          {guest ? t("visits.guestWaitingTitle") : t("visits.waitingTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {guest ? t("visits.guestWaitingBody") : t("visits.waitingBody")}
        </p>
      </div>
      <Button variant="outline" className="self-start" onClick={() => leave.mutate({ token })}>
        <PhoneOff aria-hidden />
        {t("visits.controls.leave")}
      </Button>
    </div>
  );
}

function CallView({
  token,
  me,
  participants,
  messages,
  engine,
  cameraStream,
  devices,
  onChoose,
  onLeft,
}: {
  token: string;
  me: { id: string; role: string };
  participants: ReturnType<typeof useRoom>["participants"];
  messages: ReturnType<typeof useRoom>["messages"];
  engine: CallEngine | null;
  cameraStream: MediaStream;
  devices: Parameters<typeof DeviceSelects>[0]["devices"] | null;
  onChoose: Parameters<typeof DeviceSelects>[0]["onChoose"];
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [shareFailed, setShareFailed] = useState(false);
  const leave = trpc.visits.leave.useMutation({ onSettled: onLeft });
  const finish = trpc.visits.finish.useMutation();
  const local = engine?.local() ?? {
    media: { audio: true, video: true, screen: false },
    preview: cameraStream,
  };
  const remotes = engine?.remotes() ?? [];
  const nameOf = (id: string) => participants.find((p) => p.id === id)?.displayName ?? "";
  const sharer = remotes.find((r) => r.media.screen);
  const speakerId = devices?.choice.speakerId;
  const toggle = (p: Exclude<Panel, null>) => setPanel((current) => (current === p ? null : p));

  const share = async () => {
    setShareFailed(false);
    try {
      await engine?.startScreenShare();
    } catch {
      setShareFailed(true);
    }
  };

  return (
    <section
      aria-label={t("visits.title")}
      className="flex h-[calc(100dvh-7rem)] min-h-[28rem] flex-col gap-2"
    >
      <div className="relative flex min-h-0 flex-1 gap-2">
        <div className="grid min-h-0 flex-1 auto-rows-fr gap-2 sm:grid-cols-[repeat(auto-fit,minmax(16rem,1fr))]">
          {remotes.length === 0 ? (
            <p className="m-auto text-sm text-muted-foreground">{t("visits.waitingForOthers")}</p>
          ) : (
            remotes.map((r) => (
              <VideoTile
                key={r.participantId + (r.media.screen ? ":screen" : "")}
                name={nameOf(r.participantId)}
                stream={r.stream}
                element={r.element}
                media={r.media}
                quality={r.quality}
                speakerId={speakerId}
              />
            ))
          )}
        </div>
        <VideoTile
          name={t("visits.you")}
          stream={local.preview}
          media={local.media}
          self
          className="absolute bottom-2 right-2 z-[1] aspect-video w-28 shadow-lg sm:w-48"
        />
        {panel ? (
          <aside
            aria-label={t(`visits.controls.${panel}`)}
            className="absolute inset-0 z-10 flex flex-col gap-2 rounded-md border bg-background p-3 md:static md:w-80"
          >
            <div className="flex items-center justify-between">
              <h2 className="font-semibold">
                {panel === "participants"
                  ? t("visits.participants.title", { count: participants.length })
                  : t(`visits.controls.${panel}`)}
              </h2>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("visits.close")}
                onClick={() => setPanel(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
            {panel === "chat" ? <ChatPanel token={token} messages={messages} me={me.id} /> : null}
            {panel === "participants" ? (
              <ParticipantsPanel participants={participants} me={me.id} manage={me.role === "PROVIDER"} />
            ) : null}
            {panel === "devices" && devices ? (
              <div className="flex flex-col gap-3">
                <DeviceSelects devices={devices} onChoose={onChoose} />
              </div>
            ) : null}
          </aside>
        ) : null}
      </div>
      <p aria-live="polite" className="min-h-5 text-center text-sm">
        {local.media.screen
          ? t("visits.youSharing")
          : sharer
            ? t("visits.sharing", { name: nameOf(sharer.participantId) })
            : ""}
      </p>
      {me.role === "PROVIDER" ? <GuestDoor participants={participants} /> : null}
      {shareFailed ? <FormAlert message={t("visits.controls.shareFailed")} /> : null}
      {finish.error ? <FormAlert message={apiErrorMessage(finish.error, currentLocale())} /> : null}
      {confirmFinish ? (
        <div
          role="alertdialog"
          aria-labelledby="finish-confirm"
          className="flex flex-col gap-2 rounded-md border p-3"
        >
          <p id="finish-confirm" className="text-sm">
            {t("visits.finishConfirm")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              disabled={finish.isPending}
              onClick={() => finish.mutate({ token })}
            >
              {t("visits.finishYes")}
            </Button>
            <Button variant="outline" onClick={() => setConfirmFinish(false)}>
              {t("visits.keepGoing")}
            </Button>
          </div>
        </div>
      ) : null}
      <div
        role="toolbar"
        aria-label={t("visits.controls.label")}
        className="flex flex-wrap items-center justify-center gap-2"
      >
        <ControlButton
          label={local.media.audio ? t("visits.controls.mute") : t("visits.controls.unmute")}
          pressed={!local.media.audio}
          onClick={() => engine?.setMedia({ audio: !local.media.audio })}
        >
          {local.media.audio ? <Mic aria-hidden /> : <MicOff aria-hidden />}
        </ControlButton>
        <ControlButton
          label={local.media.video ? t("visits.controls.cameraOff") : t("visits.controls.cameraOn")}
          pressed={!local.media.video}
          onClick={() => engine?.setMedia({ video: !local.media.video })}
        >
          {local.media.video ? <Video aria-hidden /> : <VideoOff aria-hidden />}
        </ControlButton>
        {typeof navigator.mediaDevices?.getDisplayMedia === "function" ? (
          <ControlButton
            label={local.media.screen ? t("visits.controls.stopShare") : t("visits.controls.share")}
            pressed={local.media.screen}
            onClick={() => (local.media.screen ? engine?.stopScreenShare() : void share())}
          >
            {local.media.screen ? <SquareX aria-hidden /> : <MonitorUp aria-hidden />}
          </ControlButton>
        ) : null}
        <ControlButton
          label={t("visits.controls.chat")}
          pressed={panel === "chat"}
          onClick={() => toggle("chat")}
        >
          <MessageSquare aria-hidden />
        </ControlButton>
        <ControlButton
          label={t("visits.controls.participants")}
          pressed={panel === "participants"}
          onClick={() => toggle("participants")}
        >
          <Users aria-hidden />
        </ControlButton>
        <ControlButton
          label={t("visits.controls.devices")}
          pressed={panel === "devices"}
          onClick={() => toggle("devices")}
        >
          <Settings2 aria-hidden />
        </ControlButton>
        <Button variant="outline" onClick={() => leave.mutate({ token })} disabled={leave.isPending}>
          <PhoneOff aria-hidden />
          {t("visits.controls.leave")}
        </Button>
        {me.role === "PROVIDER" ? (
          <Button variant="destructive" onClick={() => setConfirmFinish(true)}>
            {t("visits.controls.finish")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function ControlButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={pressed ? "secondary" : "outline"}
      size="icon"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
      className={cn("size-11", pressed && "ring-2 ring-ring")}
    >
      {children}
    </Button>
  );
}
