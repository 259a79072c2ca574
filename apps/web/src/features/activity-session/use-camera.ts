import { VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from "@fizio/domain";
import { useEffect, useState } from "react";
import { cameraConstraints, type DeviceChoice, type MediaFailure, mediaFailure } from "./devices";

export type CameraState =
  | { status: "pending" }
  | { status: "ready"; stream: MediaStream }
  | { status: "failed"; failure: MediaFailure };

/** The camera and microphone the patient chose, at spec §9's 1280x720 24 fps; stopped when they change or on leave. */
export function useCamera(choice: Pick<DeviceChoice, "cameraId" | "microphoneId"> | null, attempt: number) {
  const [state, setState] = useState<CameraState>({ status: "pending" });
  const cameraId = choice?.cameraId;
  const microphoneId = choice?.microphoneId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt only asks for the camera again
  useEffect(() => {
    if (cameraId === undefined || microphoneId === undefined) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: "failed", failure: "camera" });
      return;
    }
    let stream: MediaStream | undefined;
    let live = true;
    setState({ status: "pending" });
    navigator.mediaDevices
      .getUserMedia(
        cameraConstraints(
          { cameraId, microphoneId },
          { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, fps: VIDEO_FPS },
        ),
      )
      .then((s) => {
        stream = s;
        if (live) setState({ status: "ready", stream: s });
        else for (const track of s.getTracks()) track.stop();
      })
      .catch((error: unknown) => {
        if (live) setState({ status: "failed", failure: mediaFailure(error) });
      });
    return () => {
      live = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [cameraId, microphoneId, attempt]);
  return state;
}
