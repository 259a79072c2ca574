import { useTranslation } from "react-i18next";
import { DeviceSelect } from "./device-select";
import type { DeviceChoice } from "./devices";
import type { DevicesState } from "./use-devices";

/** Camera, microphone and speaker (fixed to the system's where the platform cannot choose), as chosen so far. */
export function DeviceSelects({
  devices,
  onChoose,
}: {
  devices: DevicesState & { status: "ready" };
  onChoose: (change: Partial<DeviceChoice>) => void;
}) {
  const { t } = useTranslation();
  const { lists, choice } = devices;
  const speakerFixed = choice.speakerId === "default";
  return (
    <>
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
          speakerFixed ? { deviceId: "default", label: t("activitySession.setup.speakerDefault") } : undefined
        }
        disabled={speakerFixed}
        onChange={(speakerId) => onChoose({ speakerId })}
      />
    </>
  );
}
