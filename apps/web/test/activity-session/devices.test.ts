import { describe, expect, it } from "vitest";
import {
  cameraConstraints,
  groupDevices,
  mediaFailure,
  readRememberedChoice,
  rememberChoice,
  resolveChoice,
} from "../../src/features/activity-session/devices";
import { isSoftwareRenderer } from "../../src/features/activity-session/pose/renderer";

const devices = [
  { deviceId: "cam1", kind: "videoinput" as const, label: "Front camera" },
  { deviceId: "cam2", kind: "videoinput" as const, label: "" },
  { deviceId: "mic1", kind: "audioinput" as const, label: "Mic" },
  { deviceId: "spk1", kind: "audiooutput" as const, label: "Speakers" },
  { deviceId: "spk2", kind: "audiooutput" as const, label: "Headphones" },
];
const lists = groupDevices(devices, (kind, n) => `${kind} ${n}`);
const chrome = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140";
const safari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
}

describe("device choice", () => {
  it("groups devices by kind and names unlabelled ones", () => {
    expect(lists.cameras).toEqual([
      { deviceId: "cam1", label: "Front camera" },
      { deviceId: "cam2", label: "cameras 2" },
    ]);
    expect(lists.speakers.map((s) => s.deviceId)).toEqual(["spk1", "spk2"]);
  });

  it("keeps the remembered devices that are still there, and falls back to the first", () => {
    const storage = memoryStorage();
    rememberChoice(storage, { cameraId: "cam2", microphoneId: "gone", speakerId: "spk2" });
    expect(resolveChoice(lists, readRememberedChoice(storage), chrome)).toEqual({
      cameraId: "cam2",
      microphoneId: "mic1",
      speakerId: "spk2",
    });
  });

  it("uses the default speaker on iOS and macOS", () => {
    expect(resolveChoice(lists, { speakerId: "spk2" }, safari).speakerId).toBe("default");
  });

  it("reads nothing from a broken or foreign entry", () => {
    const storage = memoryStorage();
    storage.setItem("fizio.devices", "{not json");
    expect(readRememberedChoice(storage)).toEqual({});
    storage.setItem("fizio.devices", JSON.stringify({ cameraId: 3, speakerId: "spk1" }));
    expect(readRememberedChoice(storage)).toEqual({ speakerId: "spk1" });
  });

  it("tells a refusal from a missing device", () => {
    expect(mediaFailure(new DOMException("no", "NotAllowedError"))).toBe("denied");
    expect(mediaFailure(new DOMException("none", "NotFoundError"))).toBe("noDevices");
    expect(mediaFailure(new Error("busy"))).toBe("camera");
  });

  it("asks for 1280x720 at 24 fps from the chosen camera as ideals", () => {
    expect(
      cameraConstraints({ cameraId: "cam1", microphoneId: "mic1" }, { width: 1280, height: 720, fps: 24 }),
    ).toEqual({
      video: {
        deviceId: { exact: "cam1" },
        width: { ideal: 1280 },
        height: { ideal: 720 },
        frameRate: { ideal: 24 },
      },
      audio: { deviceId: { exact: "mic1" } },
    });
  });
});

describe("pose backend", () => {
  it("treats WebGL drawn by the CPU as no WebGL, so the live pose runs on WebAssembly", () => {
    expect(
      isSoftwareRenderer("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)"),
    ).toBe(true);
    expect(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)")).toBe(true);
    expect(
      isSoftwareRenderer("ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)"),
    ).toBe(false);
    expect(isSoftwareRenderer("Apple M2")).toBe(false);
  });
});
