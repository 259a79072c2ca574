import { MESSAGE_ATTACHMENT_TYPES } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Loader2, Paperclip, X } from "lucide-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../forms/form-alert";
import type { AttachmentsState } from "./upload-attachment";

const ACCEPT = Object.entries(MESSAGE_ATTACHMENT_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(",");

/** Attach files to a message: a button for the file chooser, the files uploading and uploaded. */
export function AttachmentPicker({ state, max }: { state: AttachmentsState; max?: number }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = max !== undefined && state.ready.length + state.pending.length >= max;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden />
          {t("messaging.attach")}
        </Button>
        <span id={hintId} className="text-xs text-muted-foreground">
          {t("messaging.attachHint")}
        </span>
        <input
          ref={input}
          type="file"
          className="hidden"
          tabIndex={-1}
          aria-hidden
          accept={ACCEPT}
          multiple={max === undefined || max > 1}
          onChange={(event) => {
            state.add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>
      {state.pending.length + state.ready.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-live="polite">
          {state.pending.map((p) => (
            <li key={p.key} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
              <Loader2 className="size-3 animate-spin" aria-hidden />
              {t("messaging.uploading", { name: p.name })}
            </li>
          ))}
          {state.ready.map((a) => (
            <li key={a.id} className="flex items-center gap-1 rounded-md border py-0.5 pl-2 text-sm">
              <Paperclip className="size-3" aria-hidden />
              <span className="max-w-48 truncate">{a.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t("messaging.removeAttachment", { name: a.name })}
                onClick={() => state.remove(a.id)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormAlert message={state.error} />
    </div>
  );
}
