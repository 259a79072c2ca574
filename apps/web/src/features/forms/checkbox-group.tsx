import { Checkbox, Label } from "@fizio/ui";
import { useId } from "react";

export interface CheckboxGroupProps {
  legend: string;
  options: { value: string; label: string; disabled?: boolean }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  hint?: string;
  error?: string;
}

/** A multiple choice as a fieldset of checkboxes, its hint and error read with the group. */
export function CheckboxGroup({ legend, options, value, onChange, hint, error }: CheckboxGroupProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <Label key={option.value} className="flex items-center gap-2 font-normal">
            <Checkbox
              checked={value.includes(option.value)}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              onCheckedChange={(on) => toggle(option.value, on === true)}
            />
            {option.label}
          </Label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
