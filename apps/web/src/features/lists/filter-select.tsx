import { cn, Label } from "@fizio/ui";
import { useId } from "react";
import { SelectField } from "../forms/select-field";

const ALL = "ALL";

/** A list filter: a labelled choice whose first option, "all", means no filter (undefined). */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  onChange,
  options,
  className = "sm:w-44",
}: {
  label: string;
  allLabel: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: { value: T; label: string }[];
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex w-full flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <SelectField<T | typeof ALL>
        id={id}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? undefined : (next as T))}
        options={[{ value: ALL, label: allLabel }, ...options]}
      />
    </div>
  );
}
