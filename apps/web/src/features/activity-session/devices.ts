/** Spec §3/§9: the camera, microphone and speaker the patient chose, remembered in this browser. */
export interface DeviceChoice {
  cameraId: string;
  microphoneId: string;
  speakerId: string;
}

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface DeviceLists {
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  speakers: DeviceOption[];
}

export const DEVICE_STORAGE_KEY = "fizio.devices";

const KINDS: Record<keyof DeviceLists, MediaDeviceKind> = {
  cameras: "videoinput",
  microphones: "audioinput",
  speakers: "audiooutput",
};

/** Devices by kind; labels are empty before permission is granted, so a numbered fallback names them. */
export function groupDevices(
  devices: readonly Pick<MediaDeviceInfo, "deviceId" | "kind" | "label">[],
  unnamed: (kind: keyof DeviceLists, n: number) => string,
): DeviceLists {
  const lists: DeviceLists = { cameras: [], microphones: [], speakers: [] };
  for (const key of Object.keys(KINDS) as (keyof DeviceLists)[]) {
    const ofKind = devices.filter((d) => d.kind === KINDS[key] && d.deviceId !== "");
    lists[key] = ofKind.map((d, i) => ({ deviceId: d.deviceId, label: d.label || unnamed(key, i + 1) }));
  }
  return lists;
}

/** iOS and macOS do not let a page pick the speaker, so the system's default is the one that plays. */
export function isApplePlatform(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(userAgent);
}

const pick = (options: DeviceOption[], remembered: string | undefined) =>
  options.find((o) => o.deviceId === remembered)?.deviceId ?? options[0]?.deviceId ?? "";

/** The remembered choice where that device is still there, otherwise the first of its kind. */
export function resolveChoice(
  lists: DeviceLists,
  remembered: Partial<DeviceChoice>,
  userAgent: string,
): DeviceChoice {
  return {
    cameraId: pick(lists.cameras, remembered.cameraId),
    microphoneId: pick(lists.microphones, remembered.microphoneId),
    speakerId: isApplePlatform(userAgent) ? "default" : pick(lists.speakers, remembered.speakerId),
  };
}

export function readRememberedChoice(storage: Pick<Storage, "getItem">): Partial<DeviceChoice> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DEVICE_STORAGE_KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    const out: Partial<DeviceChoice> = {};
    for (const key of ["cameraId", "microphoneId", "speakerId"] as const) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === "string") out[key] = value;
    }
    return out;
  } catch {
    return {};
  }
}

export function rememberChoice(storage: Pick<Storage, "setItem">, choice: DeviceChoice): void {
  storage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(choice));
}

/** What went wrong getting the camera: the patient refused, there is nothing to use, or anything else. */
export type MediaFailure = "denied" | "noDevices" | "camera";

export function mediaFailure(error: unknown): MediaFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noDevices";
  return "camera";
}

/** Spec §9: video defaults to 1280x720 at 24 fps; ideal, so a smaller camera still works. */
export function cameraConstraints(
  choice: Pick<DeviceChoice, "cameraId" | "microphoneId">,
  video: { width: number; height: number; fps: number },
): MediaStreamConstraints {
  return {
    video: {
      ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
      width: { ideal: video.width },
      height: { ideal: video.height },
      frameRate: { ideal: video.fps },
    },
    audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
  };
}
