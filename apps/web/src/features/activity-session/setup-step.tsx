import { Button, Spinner } from "@fizio/ui";
import { Volume2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CameraView } from "./camera-view";
import { DeviceSelects } from "./device-selects";
import type { DeviceChoice } from "./devices";
import type { CameraState } from "./use-camera";
import type { DevicesState } from "./use-devices";
import { playTone, type Voice } from "./voice";

/** Screen 1 -> setup: camera, microphone and speaker, a speaker check and the camera's preview. */
export function SetupStep({
  devices,
  camera,
  onChoose,
  voice,
  onContinue,
  starting,
  error,
  continueLabel,
  children,
}: {
  devices: DevicesState & { status: "ready" };
  camera: CameraState;
  onChoose: (change: Partial<DeviceChoice>) => void;
  voice: Voice;
  onContinue: () => void;
  starting: boolean;
  error: ReactNode;
  /** The button's words where the next step is not "Continue" (a video visit's Join). */
  continueLabel?: string;
  /** Fields of the next step that belong above the button (a guest's name). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [testing, setTesting] = useState(false);
  const { choice } = devices;

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
    <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="relative aspect-video min-h-40 md:aspect-auto">
        {camera.status === "ready" ? (
          <CameraView stream={camera.stream} videoRef={video} label={t("activitySession.setup.preview")} />
        ) : (
          <div className="flex size-full items-center justify-center rounded-md bg-muted">
            <Spinner label={t("activitySession.setup.requesting")} />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <DeviceSelects devices={devices} onChoose={onChoose} />
        <div className="flex flex-col gap-1">
          <Button variant="outline" onClick={() => void testSpeaker()} disabled={testing}>
            <Volume2 aria-hidden />
            {t("activitySession.setup.testSpeaker")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("activitySession.setup.speakerHint")}</p>
        </div>
        {children}
        {error}
        <Button onClick={onContinue} disabled={camera.status !== "ready" || starting} className="mt-auto">
          {continueLabel ?? t("activitySession.setup.continue")}
        </Button>
      </div>
    </div>
  );
}
