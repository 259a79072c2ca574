import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type DeviceChoice,
  type DeviceLists,
  groupDevices,
  type MediaFailure,
  mediaFailure,
  readRememberedChoice,
  rememberChoice,
  resolveChoice,
} from "./devices";

export type DevicesState =
  | { status: "pending" }
  | { status: "ready"; lists: DeviceLists; choice: DeviceChoice }
  | { status: "failed"; failure: MediaFailure };

/**
 * Asks once for camera and microphone (device labels stay hidden until then), lists the devices and picks the
 * remembered ones. Choosing a device remembers it in this browser.
 */
export function useDevices(attempt: number) {
  const { t } = useTranslation();
  const [state, setState] = useState<DevicesState>({ status: "pending" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt only asks again
  useEffect(() => {
    let live = true;
    setState({ status: "pending" });
    (async () => {
      const media = navigator.mediaDevices;
      if (!media?.getUserMedia || !media.enumerateDevices) throw new DOMException("", "NotFoundError");
      const probe = await media.getUserMedia({ video: true, audio: true });
      for (const track of probe.getTracks()) track.stop();
      const lists = groupDevices(await media.enumerateDevices(), (kind, n) =>
        t(`activitySession.setup.unnamed.${kind}`, { n }),
      );
      if (lists.cameras.length === 0 || lists.microphones.length === 0)
        throw new DOMException("", "NotFoundError");
      return lists;
    })()
      .then((lists) => {
        if (!live) return;
        const choice = resolveChoice(lists, readRememberedChoice(localStorage), navigator.userAgent);
        setState({ status: "ready", lists, choice });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: "failed", failure: mediaFailure(error) });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const choose = useCallback((change: Partial<DeviceChoice>) => {
    setState((s) => {
      if (s.status !== "ready") return s;
      const choice = { ...s.choice, ...change };
      rememberChoice(localStorage, choice);
      return { ...s, choice };
    });
  }, []);
  return { state, choose };
}
