import { searchSchema } from "@fizio/domain";
import { Button, Input } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  role: string;
}

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;

/**
 * Who a message goes to: the people the rules let the sender write to (the server lists only those), found
 * by name; the chosen ones as removable chips. Plain buttons, so it works by keyboard and screen reader.
 */
export function RecipientPicker({
  value,
  onChange,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  value: Person[];
  onChange: (next: Person[]) => void;
  /** Given by FormField, whose label names the search box. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text.trim());
  const valid = searchSchema.safeParse(deferred).success;
  const candidates = trpc.messages.recipients.useQuery(
    { search: valid && deferred ? deferred : undefined },
    { placeholderData: keepPreviousData },
  );
  const chosen = new Set(value.map((p) => p.id));
  const options = (candidates.data ?? []).filter((p) => !chosen.has(p.id)).slice(0, 8);
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("messaging.recipients")}>
          {value.map((p) => (
            <li
              key={p.id}
              className="flex items-center gap-1 rounded-full border bg-secondary py-0.5 pl-3 text-sm"
            >
              {nameOf(p)}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                aria-label={t("messaging.removeRecipient", { name: nameOf(p) })}
                onClick={() => onChange(value.filter((x) => x.id !== p.id))}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={t("messaging.recipientsSearch")}
        aria-invalid={invalid}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("messaging.recipientsHint")}
      </p>
      {options.length > 0 ? (
        <ul className="flex max-h-44 flex-col gap-1 overflow-y-auto">
          {options.map((p) => (
            <li key={p.id}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="w-full justify-start"
                onClick={() => {
                  onChange([...value, p]);
                  setText("");
                }}
              >
                <Plus aria-hidden />
                <span className="sr-only">{t("messaging.add")} </span>
                {nameOf(p)}
                <span className="text-muted-foreground">· {t(`roles.${p.role as "ROLE_PATIENT"}`)}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : candidates.data && deferred ? (
        <p className="text-sm text-muted-foreground">{t("messaging.noRecipients")}</p>
      ) : null}
    </div>
  );
}
