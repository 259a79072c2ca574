import { Button, Input } from "@fizio/ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { formatTimeOfDay } from "../../lib/time-of-day";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import type { RoomMessage } from "./use-room";

/** The visit's chat: everything said so far (late joiners too), newest at the bottom, announced politely. */
export function ChatPanel({ token, messages, me }: { token: string; messages: RoomMessage[]; me: string }) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState("");
  const send = trpc.visits.chat.send.useMutation({ onSuccess: () => setBody("") });
  const list = useRef<HTMLOListElement>(null);
  const count = messages.length;
  // Each new message scrolls the list to the bottom.
  useEffect(() => {
    if (count > 0) list.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [count]);
  const submit = () => {
    if (body.trim()) send.mutate({ token, body });
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("visits.chat.empty")}</p>
      ) : null}
      <ol ref={list} aria-live="polite" className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
        {messages.map((m) => (
          <li key={m.id} className={m.participantId === me ? "self-end text-right" : "self-start"}>
            <p className="text-xs text-muted-foreground">
              {t("visits.chat.from", {
                name: m.displayName,
                time: formatTimeOfDay(m.createdAt, i18n.language),
              })}
            </p>
            <p className="whitespace-pre-wrap break-words rounded-md bg-muted px-2 py-1 text-sm">{m.body}</p>
          </li>
        ))}
      </ol>
      {send.error ? <FormAlert message={apiErrorMessage(send.error, currentLocale())} /> : null}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          aria-label={t("visits.chat.message")}
          value={body}
          maxLength={2000}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" disabled={send.isPending || body.trim() === ""}>
          {t("visits.chat.send")}
        </Button>
      </form>
    </div>
  );
}
