import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@fizio/ui";

export interface SelectFieldProps<T extends string> {
  value: T | undefined;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
  placeholder?: string;
  /**
   * A first option meaning "none" or "all" (a filter that is off, a field left empty): it stands for the empty
   * string, which Radix reserves for "no value", so it is shown under a value of its own.
   */
  emptyLabel?: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** When no FormField labels it. */
  "aria-label"?: string;
  disabled?: boolean;
  onBlur?: () => void;
  className?: string;
}

const EMPTY = "__empty__";

/** A Select that FormField can label: the trigger takes the field's id and aria attributes. */
export function SelectField<T extends string>({
  value,
  onChange,
  options,
  placeholder,
  emptyLabel,
  ...trigger
}: SelectFieldProps<T>) {
  const shown = emptyLabel !== undefined && !value ? EMPTY : value;
  return (
    <Select
      value={shown}
      onValueChange={(next) => onChange((next === EMPTY ? "" : next) as T)}
      disabled={trigger.disabled}
    >
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {emptyLabel !== undefined ? <SelectItem value={EMPTY}>{emptyLabel}</SelectItem> : null}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
