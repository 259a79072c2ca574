import { cn } from "@fizio/ui";
import { Check, ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxFieldProps {
  value: string | undefined;
  onChange: (value: string) => void;
  options: ComboboxOption[];
  placeholder?: string;
  /** Said when nothing matches what was typed. */
  noMatches: (query: string) => string;
  /** Said (politely) as the matches change, e.g. "12 time zones". */
  matchCount: (count: number) => string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onBlur?: () => void;
}

/** Letters and digits only, so "new york", "New_York" and "new-york" all match "America/New_York". */
const folded = (text: string) => text.toLowerCase().replace(/[\s_/-]+/g, " ");

/**
 * A searchable list (WAI-ARIA 1.2 combobox with a listbox popup): typing filters the options, the arrow keys move
 * through them, Enter picks, Escape closes and keeps the value. FormField labels it through the input's id.
 */
export function ComboboxField({
  value,
  onChange,
  options,
  placeholder,
  noMatches,
  matchCount,
  onBlur,
  ...input
}: ComboboxFieldProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const selected = options.find((o) => o.value === value);
  const matches = useMemo(() => {
    if (!query) return options;
    const words = folded(query).split(" ").filter(Boolean);
    return options.filter((o) => {
      const label = folded(o.label);
      return words.every((w) => label.includes(w));
    });
  }, [options, query]);

  const show = (index: number) => {
    setActive(index);
    list.current?.children[index]?.scrollIntoView({ block: "nearest" });
  };
  const openAt = () => {
    const at = Math.max(
      0,
      matches.findIndex((o) => o.value === value),
    );
    setOpen(true);
    requestAnimationFrame(() => show(at));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openAt();
        else show(Math.min(active + 1, last));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openAt();
        else show(Math.max(active - 1, 0));
        break;
      case "PageDown":
      case "PageUp":
        if (!open) return;
        event.preventDefault();
        show(event.key === "PageDown" ? Math.min(active + 10, last) : Math.max(active - 10, 0));
        break;
      case "Enter":
        // The form is not submitted while the list is open: Enter picks.
        if (!open) return;
        event.preventDefault();
        pick(matches[active]);
        break;
      case "Escape":
        if (!open) return;
        event.preventDefault();
        close();
        break;
    }
  };
  const activeId = open && matches[active] ? `${listId}-${active}` : undefined;

  return (
    <div className="relative">
      <input
        {...input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query ?? selected?.label ?? value ?? ""}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => (open ? close() : openAt())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className="flex h-10 w-full rounded-md border border-input bg-background py-2 pr-9 pl-3 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 aria-[invalid=true]:border-destructive"
      />
      <ChevronDown aria-hidden className="pointer-events-none absolute top-3 right-3 size-4 opacity-60" />
      <div
        ref={list}
        id={listId}
        role="listbox"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {matches.map((option, index) => (
          <div
            key={option.value}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={option.value === value}
            className={cn(
              "relative flex cursor-default select-none items-center rounded-sm py-2 pr-2 pl-8 text-sm",
              index === active && "bg-accent text-accent-foreground",
            )}
            // Picked before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            onMouseMove={() => setActive(index)}
          >
            {option.value === value ? <Check aria-hidden className="absolute left-2 size-4" /> : null}
            {option.label}
          </div>
        ))}
      </div>
      {open && matches.length === 0 ? (
        <p className="absolute z-50 mt-1 w-full rounded-md border bg-popover p-3 text-sm shadow-md">
          {noMatches(query ?? "")}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {open ? (matches.length ? matchCount(matches.length) : noMatches(query ?? "")) : ""}
      </span>
    </div>
  );
}
