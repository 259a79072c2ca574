import { fieldErrorFromIssue, searchSchema } from "@fizio/domain";
import { Input, Label } from "@fizio/ui";
import { Search } from "lucide-react";
import { useEffect, useEffectEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale, fizMessage } from "../../lib/i18n";

const DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * Spec §5: a search needs at least 3 characters. Shorter text shows FIZ038 under the box and is not sent;
 * valid text is sent once the user pauses typing.
 */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  useTranslation(); // re-render with the new language when it changes
  const id = useId();
  const [text, setText] = useState(value);
  const parsed = searchSchema.safeParse(text);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const error = issue ? fizMessage(fieldErrorFromIssue(issue).code, currentLocale()) : undefined;
  const next = parsed.success ? (parsed.data ?? "") : null;
  const search = useEffectEvent((text: string) => onSearch(text));
  useEffect(() => {
    if (next === null || next === value) return;
    const timer = setTimeout(() => search(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [next, value]);
  return (
    <div className="flex w-full max-w-sm flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="pl-9"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
