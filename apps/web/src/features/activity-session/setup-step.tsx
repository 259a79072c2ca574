import { Button, Label, Spinner } from "@fizio/ui";
import { Volume2 } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CameraView } from "./camera-view";
import type { DeviceChoice, DeviceOption } from "./devices";
import type { CameraState } from "./use-camera";
import type { DevicesState } from "./use-devices";
import { playTone, type Voice } from "./voice";

function DeviceSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  extra,
}: {
  label: string;
  value: string;
  options: DeviceOption[];
  onChange: (deviceId: string) => void;
  disabled?: boolean;
  extra?: DeviceOption;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        {[...(extra ? [extra] : []), ...options].map((o) => (
          <option key={o.deviceId} value={o.deviceId}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Screen 1 -> setup: camera, microphone and speaker, a speaker check and the camera's preview. */
export function SetupStep({
  devices,
  camera,
  onChoose,
  voice,
  onContinue,
  starting,
  error,
}: {
  devices: DevicesState & { status: "ready" };
  camera: CameraState;
  onChoose: (change: Partial<DeviceChoice>) => void;
  voice: Voice;
  onContinue: () => void;
  starting: boolean;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [testing, setTesting] = useState(false);
  const { lists, choice } = devices;
  const speakerFixed = choice.speakerId === "default";

  const testSpeaker = async () => {
    setTesting(true);
    try {
      await playTone(choice.speakerId);
      voice.say(t("activitySession.setup.speakerCheckVoice"));
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="relative aspect-video min-h-40 md:aspect-auto">
        {camera.status === "ready" ? (
          <CameraView stream={camera.stream} videoRef={video} label={t("activitySession.setup.preview")} />
        ) : (
          <div className="flex size-full items-center justify-center rounded-md bg-muted">
            <Spinner label={t("activitySession.setup.requesting")} />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <DeviceSelect
          label={t("activitySession.setup.camera")}
          value={choice.cameraId}
          options={lists.cameras}
          onChange={(cameraId) => onChoose({ cameraId })}
        />
        <DeviceSelect
          label={t("activitySession.setup.microphone")}
          value={choice.microphoneId}
          options={lists.microphones}
          onChange={(microphoneId) => onChoose({ microphoneId })}
        />
        <DeviceSelect
          label={t("activitySession.setup.speaker")}
          value={choice.speakerId}
          options={speakerFixed ? [] : lists.speakers}
          extra={
            speakerFixed
              ? { deviceId: "default", label: t("activitySession.setup.speakerDefault") }
              : undefined
          }
          disabled={speakerFixed}
          onChange={(speakerId) => onChoose({ speakerId })}
        />
        <div className="flex flex-col gap-1">
          <Button variant="outline" onClick={() => void testSpeaker()} disabled={testing}>
            <Volume2 aria-hidden />
            {t("activitySession.setup.testSpeaker")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("activitySession.setup.speakerHint")}</p>
        </div>
        {error}
        <Button onClick={onContinue} disabled={camera.status !== "ready" || starting} className="mt-auto">
          {t("activitySession.setup.continue")}
        </Button>
      </div>
    </div>
  );
}
