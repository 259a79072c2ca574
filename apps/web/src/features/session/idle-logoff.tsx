import { IDLE_LOGOFF } from "@fizio/domain";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@fizio/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { onActivity } from "../../lib/activity";
import { trpc } from "../../lib/trpc";
import { useLogout } from "./use-logout";

/** What the tabs of one browser tell each other, so one active tab keeps the others signed in. */
type TabMessage = { type: "deadline"; deadline: number; sentAt: number } | { type: "signed-out" };

const CHANNEL = "fizio-idle-logoff";
/** What counts as the user being there; pointer moves alone do not (a mouse nudged by accident). */
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;

/**
 * Automatic log-off (issue 49): the server counts the session's idle time from the heartbeats sent here (input in
 * any tab, or a screen that keeps the session alive), at most once a minute; a minute before its limit a warning
 * offers "Stay signed in", and at the limit the session is signed out and the login page says why.
 */
export function IdleLogoff() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [warning, setWarning] = useState(false);
  const lastSent = useRef(0);
  const trailing = useRef<number | undefined>(undefined);
  const channel = useRef<BroadcastChannel | null>(null);
  const signedOut = useRef(false);

  const heartbeat = trpc.auth.activity.useMutation({
    onSuccess: ({ remainingMs }) => {
      const next = Date.now() + remainingMs;
      setDeadline(next);
      channel.current?.postMessage({
        type: "deadline",
        deadline: next,
        sentAt: lastSent.current,
      } satisfies TabMessage);
    },
  });
  const send = heartbeat.mutate;

  const beat = useCallback(() => {
    window.clearTimeout(trailing.current);
    trailing.current = undefined;
    lastSent.current = Date.now();
    send();
  }, [send]);

  /** Activity: reported now when the last report is a minute old, else once that minute is up. */
  const active = useCallback(() => {
    if (signedOut.current) return;
    const wait = lastSent.current + IDLE_LOGOFF.heartbeatEveryMs - Date.now();
    if (wait <= 0) beat();
    else if (trailing.current === undefined) trailing.current = window.setTimeout(beat, wait);
  }, [beat]);

  const signOut = useCallback(
    (tell: boolean) => {
      if (signedOut.current) return;
      signedOut.current = true;
      window.clearTimeout(trailing.current);
      if (tell) channel.current?.postMessage({ type: "signed-out" } satisfies TabMessage);
      logout("idle");
    },
    [logout],
  );

  // Opening the app is activity; the answer says how long the session has.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    beat();
  }, [beat]);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const tabs = new BroadcastChannel(CHANNEL);
    channel.current = tabs;
    tabs.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message.type === "signed-out") signOut(false);
      else {
        lastSent.current = Math.max(lastSent.current, message.sentAt);
        setDeadline((mine) => Math.max(mine ?? 0, message.deadline));
      }
    };
    return () => {
      tabs.close();
      channel.current = null;
    };
  }, [signOut]);

  // Input counts only while no warning is shown: then only "Stay signed in" keeps the session.
  useEffect(() => {
    if (warning) return;
    const stopScreens = onActivity(active);
    for (const name of INPUT_EVENTS) window.addEventListener(name, active, { passive: true, capture: true });
    return () => {
      stopScreens();
      for (const name of INPUT_EVENTS) window.removeEventListener(name, active, { capture: true });
    };
  }, [warning, active]);

  useEffect(() => {
    if (deadline === null) return;
    const left = deadline - Date.now();
    setWarning(left <= IDLE_LOGOFF.warningMs);
    setNow(Date.now());
    const warn = window.setTimeout(() => {
      setNow(Date.now());
      setWarning(true);
    }, left - IDLE_LOGOFF.warningMs);
    const end = window.setTimeout(() => signOut(true), left);
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
  }, [deadline, signOut]);

  // The countdown in the warning.
  useEffect(() => {
    if (!warning) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(tick);
  }, [warning]);

  useEffect(() => () => window.clearTimeout(trailing.current), []);

  const seconds = Math.max(0, Math.ceil(((deadline ?? now) - now) / 1_000));
  return (
    <Dialog open={warning}>
      <DialogContent
        role="alertdialog"
        onEscapeKeyDown={(event) => {
          event.preventDefault();
          beat();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById("idle-stay")?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("security.idle.title")}</DialogTitle>
          <DialogDescription>{t("security.idle.body", { seconds })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => signOut(true)}>
            {t("security.idle.signOut")}
          </Button>
          <Button id="idle-stay" onClick={beat} disabled={heartbeat.isPending}>
            {t("security.idle.stay")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
