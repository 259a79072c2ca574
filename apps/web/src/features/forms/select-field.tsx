import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@fizio/ui";

export interface SelectFieldProps<T extends string> {
  value: T | undefined;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
  placeholder?: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** When no FormField labels it. */
  "aria-label"?: string;
  disabled?: boolean;
}

/** A Select that FormField can label: the trigger takes the field's id and aria attributes. */
export function SelectField<T extends string>({
  value,
  onChange,
  options,
  placeholder,
  ...trigger
}: SelectFieldProps<T>) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={trigger.disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
