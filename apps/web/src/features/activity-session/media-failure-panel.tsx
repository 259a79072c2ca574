import { Button } from "@fizio/ui";
import { CameraOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MediaFailure } from "./devices";
import type { CameraState } from "./use-camera";
import type { DevicesState } from "./use-devices";

/** The camera or microphone could not be used: refused, missing, or failing; with a way to ask again. */
export function MediaFailurePanel({ failure, onRetry }: { failure: MediaFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  const title =
    failure === "noDevices" ? t("activitySession.errors.noDevices") : t("activitySession.errors.camera");
  const body =
    failure === "denied"
      ? t("activitySession.errors.denied")
      : failure === "noDevices"
        ? t("activitySession.errors.noDevicesBody")
        : null;
  return (
    <div role="alert" className="m-auto flex max-w-md flex-col items-center gap-3 text-center">
      <CameraOff className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-base font-semibold">{title}</h2>
      {body ? <p className="text-sm text-muted-foreground">{body}</p> : null}
      <Button variant="outline" onClick={onRetry}>
        {t("activitySession.errors.tryAgain")}
      </Button>
    </div>
  );
}

/** Why the devices or the camera failed, if they did. */
export function mediaFailureOf(devices: DevicesState, camera: CameraState): MediaFailure | null {
  if (devices.status === "failed") return devices.failure;
  if (camera.status === "failed") return camera.failure;
  return null;
}
